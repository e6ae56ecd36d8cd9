// npm run cluster — the portal as a cluster on this machine (issue 20): a throw-away PostgreSQL 15
// cluster (bench/pg-cluster.ts), three instances of the server on loopback ports (one
// DATABASE_URL, TRUST_PROXY=loopback, started at the same moment: the start-up lock lets one
// migrate and seed) and Debian's nginx balancing them on one port, with a config generated into a
// temp folder (never the system's). Ctrl+C or SIGTERM stops everything together: nginx, the
// instances (gracefully: each drains), PostgreSQL, the temp folders.
//
//   npm run cluster                      # balancer on http://127.0.0.1:8090
//   npm run cluster -- --restart-rolling # once all are up, restart the instances one after another
//   options: --instances=N (3) --port=P (8090; instances on P+1…) --pg-port=P (25490)
//
// The tests (tests/cluster) and bench:cluster start it through startCluster(). nginx: round robin,
// passive health checks (max_fails=1 fail_timeout=2s), a refused connection or a 502/503/504 of
// an idempotent request goes to the next instance (proxy_next_upstream), and so does a request
// with an Idempotency-Key after any failure (a POST that met an instance closing its listener:
// connections waiting in its accept queue are reset after nginx sent the request); one connection
// per request to the instances (no upstream keep-alive: an instance that stops listening refuses
// the next connection, which nginx retries elsewhere whatever the method, and no request ever
// arrives on a connection the instance is closing). Every answer carries X-Cluster-Instance (the
// instance's address) so that tests can see the spread; a real installation would not send it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startPgCluster, type PgCluster } from './bench/pg-cluster.ts';
import { COMPILED_SERVER_ARGS, ensureCompiledServer } from './compiled-server.ts';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const ROOT = path.resolve(import.meta.dirname, '..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** What the cluster needs that this machine may lack (nginx, PostgreSQL 15); empty when all is there. */
export function missingTools(): string[] {
  const missing: string[] = [];
  if (!existsSync(NGINX)) missing.push(`nginx (${NGINX}; apt-get install nginx)`);
  if (!existsSync(path.join(PG_BIN, 'initdb'))) missing.push(`PostgreSQL 15 (${PG_BIN}; apt-get install postgresql)`);
  return missing;
}

export interface ClusterOptions {
  /** Number of server instances (3). */
  instances?: number;
  /** The balancer's port (8090); instance i listens on port + 1 + i. */
  port?: number;
  /** Port of the throw-away PostgreSQL cluster (25490). */
  pgPort?: number;
  /** Settings added to every instance's environment. */
  env?: Record<string, string>;
  /** Where the instances' and nginx's output goes (default: this process's stderr, prefixed). */
  log?: (line: string) => void;
}

export interface Instance {
  index: number;
  port: number;
  /** The instance itself, bypassing the balancer. */
  url: string;
  /** "127.0.0.1:port", as the balancer's X-Cluster-Instance header names it. */
  address: string;
  running(): boolean;
  pid(): number | undefined;
}

export interface Cluster {
  /** The balancer. */
  url: string;
  /** Superuser URL of the cluster's database (for tests that read it directly). */
  databaseUrl: string;
  instances: Instance[];
  /** Starts instance `index` again (after stopInstance or killInstance) and waits until /readyz answers 200. */
  startInstance(index: number): Promise<void>;
  /** SIGTERM (graceful drain) and waits for the process to exit; answers its exit code (0: drained and stopped; null: killed after 60 s). */
  stopInstance(index: number): Promise<number | null>;
  /** SIGKILL, as a crash or an out-of-memory kill would end it. */
  killInstance(index: number): Promise<void>;
  /** Stops and starts each instance in turn, each ready again and back in nginx's rotation (FAIL_TIMEOUT_SECONDS) before the next stops; `exitCode` is the stopped process's. */
  restartRolling(onRestarted?: (index: number, ms: number, exitCode: number | null) => void): Promise<void>;
  /** Stops nginx, the instances (gracefully), PostgreSQL, and removes the temp folders. */
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * nginx's passive check: one failed try keeps an instance out for this long, and it comes back
 * only with a try after that. A rolling restart waits this long (and a second more) after an
 * instance is ready before it stops the next: stopped at once, the next one left a single instance
 * serving while nginx still held the restarted one out, and one failed try there put every
 * instance out at once (~1,600 fast 502s in two CI runs of 2026-11-30).
 */
const FAIL_TIMEOUT_SECONDS = 2;

/** Polls `url` until it answers 200, the process exits or `timeoutMs` pass. */
async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the instance exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await pause(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Lines of a child's output, each prefixed with its name. */
function pipeLines(child: ChildProcess, name: string, log: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) log(`[${name}] ${line}`);
    });
  }
}

export function nginxConfig(dir: string, port: number, instancePorts: number[]): string {
  const temp = (name: string) => path.join(dir, name);
  const proxy = (retry: string) => `      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection close;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream ${retry};
      proxy_next_upstream_tries ${instancePorts.length};
      proxy_connect_timeout 2s;
      proxy_read_timeout 300s;
      proxy_send_timeout 300s;
      add_header X-Cluster-Instance $upstream_addr always;`;
  return `# Generated by scripts/cluster.ts for a throw-away cluster; not the system's nginx.
worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  # The largest import (30 MB as base64 in JSON) with room to spare.
  client_max_body_size 45m;
  upstream portal {
${instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${FAIL_TIMEOUT_SECONDS}s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      # A request with an Idempotency-Key may go to another instance after any failure: the
      # portal answers a repeated key with the first answer.
      if ($http_idempotency_key) {
        rewrite ^ /@idempotent$uri last;
      }
      # Others: a refused connection goes to the next instance whatever the method (nothing was
      # sent); 502/503/504, a reset and timeouts only for idempotent methods (nginx never sends a
      # POST twice unless told).
${proxy('error timeout http_502 http_503 http_504')}
    }
    location ^~ /@idempotent/ {
      internal;
      rewrite ^/@idempotent(/.*)$ $1 break;
${proxy('error timeout http_502 http_503 http_504 non_idempotent')}
    }
  }
}
`;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const missing = missingTools();
  if (missing.length > 0) throw new Error(`the cluster needs ${missing.join(' and ')}`);
  const count = options.instances ?? 3;
  const port = options.port ?? 8090;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const balancer = `http://127.0.0.1:${port}`;

  let pg: PgCluster | null = null;
  let nginx: ChildProcess | null = null;
  const children: Array<ChildProcess | null> = Array.from({ length: count }, () => null);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await Promise.race([exited(nginx), pause(5000)]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    await Promise.all(children.map((child) => (child ? stopChild(child) : undefined)));
    pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  // A script or test that ends early takes everything with it.
  const onExit = () => {
    nginx?.kill('SIGKILL');
    for (const child of children) child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  async function stopChild(child: ChildProcess): Promise<number | null> {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    await Promise.race([exited(child), pause(60_000)]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    return child.exitCode;
  }

  const instances: Instance[] = Array.from({ length: count }, (_, index) => {
    const instancePort = port + 1 + index;
    return {
      index,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      address: `127.0.0.1:${instancePort}`,
      running: () => {
        const child = children[index];
        return !!child && child.exitCode === null && child.signalCode === null;
      },
      pid: () => children[index]?.pid,
    };
  });

  function spawnInstance(index: number, databaseUrl: string): ChildProcess {
    const instance = instances[index]!;
    const child = spawn(process.execPath, COMPILED_SERVER_ARGS, {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: 'loopback',
        PUBLIC_URL: balancer,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines(child, `instance ${index + 1}`, log);
    children[index] = child;
    return child;
  }

  try {
    // The instances run what production runs: the compiled server, built first when stale.
    ensureCompiledServer();
    pg = startPgCluster({ port: options.pgPort ?? 25490, settings: { max_connections: 200 } });
    const databaseUrl = pg.url;

    // All at the same moment, as a fleet restart would start them.
    const started = instances.map((instance) => {
      const child = spawnInstance(instance.index, databaseUrl);
      return waitReady(`${instance.url}/readyz`, child, 180_000);
    });
    await Promise.all(started);

    for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
    // nginx's workers run as nobody when it is started as root: they write their temp files here.
    chmodSync(dir, 0o755);
    for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chmodSync(path.join(dir, sub), 0o777);
    const config = path.join(dir, 'nginx.conf');
    writeFileSync(config, nginxConfig(dir, port, instances.map((i) => i.port)));
    const test = spawnSync(NGINX, ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', config], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx refused its config: ${test.stderr}`);
    nginx = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    pipeLines(nginx, 'nginx', log);
    await waitReady(`${balancer}/readyz`, nginx, 30_000);

    const cluster: Cluster = {
      url: balancer,
      databaseUrl,
      instances,
      async startInstance(index) {
        if (instances[index]!.running()) return;
        const child = spawnInstance(index, databaseUrl);
        await waitReady(`${instances[index]!.url}/readyz`, child, 180_000);
      },
      async stopInstance(index) {
        const child = children[index];
        return child ? stopChild(child) : null;
      },
      async killInstance(index) {
        const child = children[index];
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGKILL');
        await exited(child);
      },
      async restartRolling(onRestarted) {
        for (const instance of instances) {
          const t0 = performance.now();
          const exitCode = await cluster.stopInstance(instance.index);
          await cluster.startInstance(instance.index);
          onRestarted?.(instance.index, performance.now() - t0, exitCode);
          if (instance !== instances.at(-1)) await pause((FAIL_TIMEOUT_SECONDS + 1) * 1000);
        }
      },
      stop: async () => {
        await stop();
        process.off('exit', onExit);
      },
    };
    return cluster;
  } catch (error) {
    await stop();
    process.off('exit', onExit);
    throw error;
  }
}

// npm run cluster
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      port: { type: 'string', default: '8090' },
      'pg-port': { type: 'string', default: '25490' },
      'restart-rolling': { type: 'boolean', default: false },
    },
  });
  const missing = missingTools();
  if (missing.length > 0) {
    console.error(`npm run cluster needs ${missing.join(' and ')}.`);
    process.exit(1);
  }
  const cluster = await startCluster({ instances: Number(values.instances), port: Number(values.port), pgPort: Number(values['pg-port']) });
  let ending = false;
  const end = async (signal: string) => {
    if (ending) return;
    ending = true;
    console.log(`\n${signal}: stopping nginx, the instances (each drains) and PostgreSQL…`);
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void end('SIGINT'));
  process.on('SIGTERM', () => void end('SIGTERM'));
  console.log(`Cluster up: ${cluster.url} (nginx) -> ${cluster.instances.map((i) => i.url).join(', ')}; PostgreSQL ${cluster.databaseUrl}`);
  console.log('Demo accounts as with npm start (demo-user / demo-user-secret, …). Ctrl+C stops everything.');
  if (values['restart-rolling']) {
    console.log('Rolling restart…');
    await cluster.restartRolling((index, ms, exitCode) => console.log(`  instance ${index + 1} stopped (exit ${exitCode}), restarted and ready in ${(ms / 1000).toFixed(1)} s`));
    console.log('Rolling restart done.');
  }
}
