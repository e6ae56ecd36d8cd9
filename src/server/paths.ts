// Where the server finds the checkout's files (migrations, catalogs, the web build, the example
// files), the same whether it runs from source under tsx (this module is src/server/paths.ts) or
// compiled by `npm run build` (scripts/build-server.ts bundles it into dist/server/main.js and the
// worker entries beside it): both sit two folders below the checkout's root, so this module's own
// address gives the root either way. A module deeper in src/server must not build such a path
// from its own import.meta.url: compiled, that is the bundle's address, not the module's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root folder (package.json, node_modules, dist/). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A path under the checkout's root, e.g. `fromRoot('src/server/db/migrations')`. */
export const fromRoot = (...segments: string[]): string => path.join(PROJECT_ROOT, ...segments);
