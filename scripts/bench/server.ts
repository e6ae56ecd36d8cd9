// Starts the real server (as `npm start` runs it, minus the build check) on a free port with a
// fresh PGlite data folder (or a given one, kept: the chaos script restarts a server on the same
// data after killing it), and waits for it to listen.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED_SERVER_ARGS, ensureCompiledServer } from '../compiled-server.ts';

export interface RunningServer {
  url: string;
  /** Resident memory of the server process itself, in bytes (not npx's or tsx's launcher's). */
  rssBytes(): number;
  /** Has the server's processes collect their garbage, and waits for it to settle. */
  collectGarbage(): Promise<void>;
  /** SIGTERM (graceful shutdown); removes the data folder unless it was given. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group, as a crash or an OOM kill would end it; the data folder stays. */
  kill(): Promise<void>;
}

export interface ServerOptions {
  /** A PGlite data folder to use and keep (default: a fresh one, removed by stop()). */
  dataDir?: string;
  /** Settings added to the server's environment (e.g. DATABASE_URL). */
  env?: Record<string, string>;
}

export async function startServer(port: number, options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  // BENCH_SERVER_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it exits
  // (node refuses --cpu-prof in NODE_OPTIONS, so it is started by node itself then).
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const [command, args] = profile
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`, ...COMPILED_SERVER_ARGS]]
    : [process.execPath, COMPILED_SERVER_ARGS];
  // What an installation runs (`npm start`): the compiled server, built first when stale.
  ensureCompiledServer();
  // The server's log goes to a file in its data folder, as journald or a container runtime takes
  // it (the kernel's write, another process's read): read through a pipe by this process, every
  // access line took time from the load generator running here and counted against the log level.
  const logFile = path.join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const logStart = readFileSync(logFile).length;
  const child: ChildProcess = spawn(command, args, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      // The README's default: what an installation gets (a bench may set another in options.env).
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      // collectGarbage() below: a benchmark's own hook, loaded into the processes, not the server's code.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import ${pathToFileURL(path.join(import.meta.dirname, 'gc-on-signal.mjs')).href}`.trim(),
      ...options.env,
    },
    stdio: ['ignore', logFd, 'inherit'],
    // Its own process group: stop() signals npx, tsx and the server together (npx does not
    // always pass SIGTERM on, which left servers running after a benchmark).
    detached: true,
  });
  // A benchmark that ends early (watchdog, error) takes its server with it.
  const killGroup = (signal: NodeJS.Signals = 'SIGTERM') => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const onExit = () => killGroup();
  process.once('exit', onExit);
  closeSync(logFd);
  await new Promise<void>((resolve, reject) => {
    // Generous: a fresh data folder runs every migration, which takes a minute on a loaded machine.
    const timer = setTimeout(() => fail(new Error(`server did not start within 180 s (its log: ${logFile})`)), 180_000);
    // The start line is looked for in the log file (this run's part of it) until it shows.
    const poll = setInterval(() => {
      if (readFileSync(logFile).subarray(logStart).includes('Portal listening')) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    function fail(error: Error) {
      clearInterval(poll);
      clearTimeout(timer);
      reject(error);
    }
    child.on('exit', (code) => fail(new Error(`server exited with ${code} (its log: ${logFile})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    rssBytes: () => serverProcess(child.pid!).rssBytes,
    async collectGarbage() {
      // The server alone: the shell npx starts would die of the signal.
      process.kill(serverProcess(child.pid!).pid, 'SIGUSR2');
      await new Promise((r) => setTimeout(r, 1000));
    },
    async stop() {
      await end('SIGTERM');
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
  };

  async function end(signal: NodeJS.Signals) {
    const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
    killGroup(signal);
    await exited;
    process.off('exit', onExit);
    // The server itself may outlive npx by its graceful shutdown: wait for the group to be gone.
    for (let i = 0; i < 150 && groupAlive(child.pid!); i++) await new Promise((r) => setTimeout(r, 100));
  }
}

/** The server process: the largest of its process group (npx, a shell and tsx's launcher are the others). */
function serverProcess(pgid: number): { pid: number; rssBytes: number } {
  const out = spawnSync('ps', ['-o', 'pid=,rss=', '-g', String(pgid)], { encoding: 'utf8' }).stdout;
  let largest = { pid: pgid, rssBytes: 0 };
  for (const line of out.split('\n')) {
    const [pid, rss] = line.trim().split(/\s+/).map(Number);
    if (pid && rss && rss * 1024 > largest.rssBytes) largest = { pid, rssBytes: rss * 1024 };
  }
  return largest;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A benchmark never hangs a terminal or CI: it ends itself after `seconds`. */
export function watchdog(seconds: number): void {
  setTimeout(() => {
    console.error(`Benchmark did not finish within ${seconds} s: aborted.`);
    process.exit(1);
  }, seconds * 1000).unref();
}
