// Regenerates src/web/route-tree.gen.ts from the file routes without a full build (the Vite
// plugin does the same during `vite build` and `vite dev`); run after adding or renaming a route.
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig(
  {
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: `${root}src/web/routes`,
    generatedRouteTree: `${root}src/web/route-tree.gen.ts`,
    routeFileIgnorePrefix: '-',
  },
  root,
);
await new Generator({ config, root }).run();
