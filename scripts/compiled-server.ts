// The compiled server as `npm start` runs it (scripts/build-server.ts, README note 107), for the
// scripts and tests that start real servers (the cluster, the benches, the manual's screenshots,
// the fresh-database journeys): what they measure and test is what production runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** dist/server/main.js. */
export const COMPILED_SERVER = path.join(ROOT, 'dist', 'server', 'main.js');

/** node's arguments for the compiled server: stack traces name the TypeScript sources (the build's linked source maps). */
export const COMPILED_SERVER_ARGS = ['--enable-source-maps', COMPILED_SERVER];

/** Builds what is missing or stale (scripts/ensure-build.ts, as `npm start` does); throws when the build fails. */
export function ensureCompiledServer(): void {
  const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'ensure-build.ts')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) throw new Error(`the build failed (exit status ${built.status ?? built.signal})`);
}
