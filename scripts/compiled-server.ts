// The compiled server as `npm start` runs it (scripts/build-server.ts, README note 107), for the
// scripts and tests that start real servers (the cluster, the benches, the manual's screenshots,
// the fresh-database journeys): what they measure and test is what production runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** dist/server/main.js. */
export const COMPILED_SERVER = path.join(ROOT, 'dist', 'server', 'main.js');

/**
 * node's flags for the server, as `npm start` and the README's systemd unit give them (a unit test
 * holds the three together). Stack traces name the TypeScript sources (the build's linked source
 * maps). Memory (issue 34, README note 131): V8's young generation capped at 8 MB a semi-space
 * (its default grows to 32 MB and stays resident) and one V8 helper thread instead of four (each
 * keeps its own malloc arena): an idle server's RSS 425-458 MB -> 277-282 MB, request rates as
 * before (bench:floor, bench:track).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8', '--v8-pool-size=1'];

/** node's arguments for the compiled server. */
export const COMPILED_SERVER_ARGS = [...SERVER_NODE_FLAGS, COMPILED_SERVER];

/** Builds what is missing or stale (scripts/ensure-build.ts, as `npm start` does); throws when the build fails. */
export function ensureCompiledServer(): void {
  const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'ensure-build.ts')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) throw new Error(`the build failed (exit status ${built.status ?? built.signal})`);
}
