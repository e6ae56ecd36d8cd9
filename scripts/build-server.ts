// `npm run build`'s last step: the server compiled to plain JavaScript with esbuild, so that
// production runs `node dist/server/main.js` instead of loading TypeScript through tsx at every
// start (README decision note 107: faster to ready, less memory). Three entries, one folder:
//   dist/server/main.js                  the server (src/server/main.ts)
//   dist/server/render.worker.js         a thread of the label/manifest render pool (render-pool.ts
//                                        looks for `render.worker` + its own extension beside itself)
//   dist/server/import-reader.worker.js  the import reader's thread (import-reader.ts, the same way)
//   dist/server/create-admin.js, partner-key.js, backup.js, restore.js: the operator's commands,
//                                        runnable where only the production dependencies are installed
//   dist/server/scalar-<version>.js      the API reference's browser bundle (@scalar/api-reference)
// The project's own code (with the `#server/*` and `#shared/*` aliases of package.json "imports")
// is bundled, and so is every package that is not a production dependency (package.json
// "dependencies"): Lingui's runtime, whose packages would otherwise bring the macro's Babel into a
// production install as an optional peer. The production dependencies stay external and are
// loaded from node_modules at run time, as under tsx (licences, native and WebAssembly files,
// packages that read their own files). Files the server reads from the checkout (migrations,
// catalogs, the web build, example files) are found through src/server/paths.ts, which sits two
// folders below the root both as source and bundled. Run after `vite build`, which empties dist/.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT = path.join(root, 'dist', 'server');

export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  'render.worker': 'src/server/features/documents/render.worker.ts',
  'import-reader.worker': 'src/server/features/imports/import-reader.worker.ts',
  'create-admin': 'src/server/scripts/create-admin.ts',
  'partner-key': 'src/server/scripts/partner-key.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
};

/** What a production install has (`npm install --omit=dev`): loaded from node_modules; everything else is bundled. */
const runtimePackages = () => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; optionalDependencies?: Record<string, string> };
  return [...Object.keys(manifest.dependencies), ...Object.keys(manifest.optionalDependencies ?? {})];
};

/** Scalar's standalone bundle beside the server, named by its version (features/api-reference/scalar-file.ts finds it). */
function copyScalar(): string {
  const require = createRequire(import.meta.url);
  const scalarRoot = path.resolve(path.dirname(require.resolve('@scalar/api-reference')), '..');
  const { version } = JSON.parse(readFileSync(path.join(scalarRoot, 'package.json'), 'utf8')) as { version: string };
  const file = `scalar-${version}.js`;
  copyFileSync(path.join(scalarRoot, 'dist/browser/standalone.js'), path.join(SERVER_OUT, file));
  return file;
}

export async function buildServer(): Promise<void> {
  const started = performance.now();
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: SERVER_OUT,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: runtimePackages(),
    sourcemap: 'linked',
    // Stack traces in the logs name the functions as written.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, { bytes }]) => `${path.basename(file)} ${(bytes / 1024).toFixed(0)} KB`);
  bytes.push(copyScalar());
  console.log(`Server compiled into dist/server in ${((performance.now() - started) / 1000).toFixed(1)} s: ${bytes.join(', ')}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await buildServer();
