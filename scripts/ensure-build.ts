// `npm start` builds only what is missing or older than its sources: the PWA (the whole
// `npm run build`, which compiles the server after it: Vite empties dist/) when the web app's
// sources changed, else the server alone (scripts/build-server.ts, a few seconds) when dist/server
// is missing or older than the server's sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_OUT } from './build-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];
/** The compiled server's entry: written last by every server build. */
const serverBuilt = path.join(SERVER_OUT, 'main.js');
const serverSources = ['src/server', 'src/shared', 'scripts/build-server.ts', 'package.json', 'package-lock.json'];

function newest(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

// `npm run build` calls this with --stamp once Vite is done, so a fresh build counts as up to date.
if (process.argv.includes('--stamp')) {
  writeFileSync(stamp, new Date().toISOString());
  process.exit(0);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newest));
const serverBuiltAt = existsSync(serverBuilt) ? statSync(serverBuilt).mtimeMs : 0;
const serverChangedAt = Math.max(...serverSources.map(newest));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding the PWA and the server…' : 'Building the PWA and the server (first start)…');
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else if (serverBuiltAt < serverChangedAt) {
  console.log('PWA build is up to date.');
  console.log(serverBuiltAt ? 'Server sources changed since the last build: compiling the server…' : 'Compiling the server…');
  await buildServer();
} else {
  console.log('PWA and server builds are up to date.');
}
