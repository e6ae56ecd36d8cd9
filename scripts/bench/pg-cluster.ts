// A throw-away PostgreSQL 15 cluster for benchmarks (as .ci/run starts one): a temp folder owned
// by `postgres`, loopback only, durability off (fsync, synchronous_commit, full_page_writes) since
// the data is thrown away. Cleanup also runs from a process `exit` hook, so the watchdog's
// process.exit or Ctrl+C never leaves a server or a folder behind.
// Ports: callers pick them below Linux's ephemeral range (32768–60999): a port in that range may be
// held by a client socket of an earlier test (open or in TIME_WAIT) and PostgreSQL then cannot
// bind it — a cluster test failed in CI that way.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** Superuser URL of the `postgres` database. */
  url: string;
  dir: string;
  stop(): void;
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (PostgreSQL refuses root). */
function pgExec(binary: string, args: string[], timeoutMs = 120_000): string {
  const file = path.join(PG_BIN, binary);
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
}

function postgresUid(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** The last lines of the server's log (why it did not start), read before the folder goes. */
function serverLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, 'log'), 'utf8').trimEnd().split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

export interface ClusterOptions {
  port: number;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string | number>;
}

export function startPgCluster({ port, settings = {} }: ClusterOptions): PgCluster {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) throw new Error(`PostgreSQL binaries not found in ${PG_BIN} (apt-get install postgresql)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-pg-'));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(path.join(dir, 'postmaster.pid'))) pgExec('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop'], 60_000);
    } catch (error) {
      console.error(`pg_ctl stop failed: ${(error as Error).message}`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  try {
    const owner = postgresUid();
    if (owner) chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
    pgExec('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    const all: Record<string, string | number> = {
      listen_addresses: '127.0.0.1',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      ...settings,
    };
    const options = [`-p ${port}`, '-k /tmp', ...Object.entries(all).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
    pgExec('pg_ctl', ['-D', dir, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start'], 90_000);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    const log = serverLog(dir);
    stop();
    throw new Error(`could not start PostgreSQL on port ${port}: ${(error as Error).message}${stderr ? `\n${stderr}` : ''}${log ? `\n--- its log ---\n${log}` : ''}`, { cause: error });
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, stop };
}
