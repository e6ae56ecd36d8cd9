// A second server for journeys that need an empty database (no demo data): its own PGlite
// folder, its first admin made with `npm run create-admin`'s script, then the server as
// `npm start` runs it, compiled: `node dist/server/main.js` (the main journeys' server, `npm start`,
// has built dist/ and dist/server by the time tests run).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMPILED_SERVER_ARGS, SERVER_NODE_FLAGS } from '#scripts/compiled-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface FreshServer {
  url: string;
  stop(): Promise<void>;
}

export interface FreshServerOptions {
  /** A folder laid out like the checkout to run from (its own dist/: a release journey changes it). */
  root?: string;
  /** A data folder that outlives the server (a restart keeps the data); a new one, removed at stop, otherwise. */
  dataDir?: string;
}

/** `admin`: an empty database with that first admin; null: the demo data, for journeys that change what others read. */
export async function startFreshServer(port: number, admin: { clientId: string; secret: string; name: string } | null, options: FreshServerOptions = {}): Promise<FreshServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-fresh-'));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: admin ? '0' : '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
  if (admin) createAdmin(env, admin);
  // The compiled server of that folder: it serves the build beside it (src/server/paths.ts).
  const args = options.root ? [...SERVER_NODE_FLAGS, path.join(options.root, 'dist', 'server', 'main.js')] : COMPILED_SERVER_ARGS;
  const child: ChildProcess = spawn(process.execPath, args, { cwd: options.root ?? ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  return waitForServer(child, port, options.dataDir ? null : dataDir);
}

function createAdmin(env: NodeJS.ProcessEnv, admin: { clientId: string; secret: string; name: string }) {
  const made = spawnSync('npx', ['tsx', 'src/server/scripts/create-admin.ts', '--client-id', admin.clientId, '--name', admin.name, '--email', 'admin@example.com', '--secret', admin.secret], { cwd: ROOT, env, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`create-admin failed: ${made.stderr}`);
}

/** `ownDataDir`: the data folder to remove at stop (null: the caller's, kept). */
async function waitForServer(child: ChildProcess, port: number, ownDataDir: string | null): Promise<FreshServer> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fresh server did not start within 90 s')), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Portal listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the fresh server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
