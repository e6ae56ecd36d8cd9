// `npm start` builds the PWA only when dist/ is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];

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
if (builtAt >= changedAt) {
  console.log('PWA build is up to date.');
} else {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding the PWA…' : 'Building the PWA (first start)…');
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
