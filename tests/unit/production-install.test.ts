// What a production install (`npm install --omit=dev`, then `node dist/server/main.js`) carries:
// npm leaves out exactly the lockfile's `dev` packages (a `devOptional` one, a dev dependency that
// is also an optional peer of a production package, is installed). The compilers and build tools
// must be among them: the server is compiled by `npm run build` (README note 107, 115).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('the production install', () => {
  it.each(['typescript', '@babel/core', 'esbuild', 'tsx', 'vite', '@lingui/babel-plugin-lingui-macro', '@lingui/cli', 'vue', 'playwright-core'])('leaves out %s', (name) => {
    const entry = lock.packages[`node_modules/${name}`];
    expect(entry, `${name} is in the lockfile`).toBeDefined();
    expect(entry!.dev, `${name} must be a dev-only package`).toBe(true);
  });

  it('has every production dependency as a production package of the lockfile', () => {
    for (const name of Object.keys(manifest.dependencies)) expect(lock.packages[`node_modules/${name}`]?.dev, name).toBeUndefined();
  });
});
