// A second server for journeys that need an empty database (no demo data): its own PGlite
// folder, its first admin made with `npm run create-admin`'s script, then the server as
// `npm start` runs it, compiled: `node dist/server/main.js` (the main journeys' server, `npm start`,
// has built dist/ and dist/server by the time tests run).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMPILED_SERVER_ARGS } from '#scripts/compiled-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface FreshServer {
  url: string;
  stop(): Promise<void>;
}

/** `admin`: an empty database with that first admin; null: the demo data, for journeys that change what others read. */
export async function startFreshServer(port: number, admin: { clientId: string; secret: string; name: string } | null): Promise<FreshServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-fresh-'));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: admin ? '0' : '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
  if (admin) createAdmin(env, admin);
  const child: ChildProcess = spawn(process.execPath, COMPILED_SERVER_ARGS, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  return waitForServer(child, port, dataDir);
}

function createAdmin(env: NodeJS.ProcessEnv, admin: { clientId: string; secret: string; name: string }) {
  const made = spawnSync('npx', ['tsx', 'src/server/scripts/create-admin.ts', '--client-id', admin.clientId, '--name', admin.name, '--email', 'admin@example.com', '--secret', admin.secret], { cwd: ROOT, env, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`create-admin failed: ${made.stderr}`);
}

async function waitForServer(child: ChildProcess, port: number, dataDir: string): Promise<FreshServer> {
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
