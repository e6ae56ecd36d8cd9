import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { LANGUAGE_CODES } from './src/shared/domain/languages.ts';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const catalog = (code: string) => fileURLToPath(new URL(`./src/web/locales/${code}/messages.json`, import.meta.url));

/**
 * main.tsx starts one of three apps with a dynamic import: the full PWA (app-main.tsx) or the light
 * app of one of the two public tracking pages. Left alone, the bundler cut the full app's start
 * into many small chunks shared with its routes (+4 KB gzipped on /user/login: each file
 * compresses on its own). Two groups keep the starts together as the one entry chunk did before:
 * 'start', what both kinds of app import statically (React, Lingui…), and 'app', the rest of the
 * full app's start (router, zod…) and of its sign-in page.
 */
const ENTRY = fileURLToPath(new URL('./src/web/main.tsx', import.meta.url));
const APP_MAIN = fileURLToPath(new URL('./src/web/app-main.tsx', import.meta.url));
const PUBLIC_PACKAGE_MAIN = fileURLToPath(new URL('./src/web/features/tracking/public-package-tracking-main.tsx', import.meta.url));
const PUBLIC_REDIRECT_MAIN = fileURLToPath(new URL('./src/web/features/tracking/public-track-redirect-main.tsx', import.meta.url));
const PUBLIC_MAINS = [PUBLIC_PACKAGE_MAIN, PUBLIC_REDIRECT_MAIN];

function startChunkOf(moduleId: string, context: Rolldown.ChunkingContext): 'start' | 'app' | null {
  // What main.tsx itself imports stays in the entry chunk.
  if (staticImportsOf(ENTRY, context).has(moduleId)) return null;
  const inPublic = PUBLIC_MAINS.some((main) => staticImportsOf(main, context).has(moduleId));
  if (staticImportsOf(APP_MAIN, context).has(moduleId)) return inPublic ? 'start' : 'app';
  if (!inLoginPage(moduleId, context)) return null;
  if (inPublic) return 'start';
  // The rest of the sign-in page (its form, the form fields) comes with the full app's start: one
  // file less on the full app's lightest first page, ~2 KB more on the others, and forms elsewhere
  // share the fields. What it shares with the signed-in shell goes to 'signed-in' (shellChunkOf).
  return inShellOrListLoader(moduleId, context) ? null : 'app';
}

/** Whether the signed-in shell or the list's loader imports the module statically. */
function inShellOrListLoader(moduleId: string, context: Rolldown.ChunkingContext): boolean {
  return [...splitModules(SHELL_ROUTES, 'component', context), ...splitModules(SHELL_ROUTES, 'loader', context)].some((rootId) => staticImportsOf(rootId, context).has(moduleId));
}

/** Whether the sign-in page's own code imports the module statically. */
function inLoginPage(moduleId: string, context: Rolldown.ChunkingContext): boolean {
  return splitModules([LOGIN_ROUTE], 'component', context).some((rootId) => staticImportsOf(rootId, context).has(moduleId));
}

/**
 * A public page's own code, in as few files as it can be: a phone on mobile data fetches them a
 * round trip each, and small files compress badly one by one (the public pages' 15 files were
 * ~4 KB gzipped larger than the same code in one). What both pages load is 'public', what one
 * loads is 'public-package' or 'public-redirect'; the full app's routes of those pages load them
 * too. What the sign-in page also needs at once (the logo, the language switcher) goes into
 * 'start' (every first page of the full app shows them), and what the signed-in pages share with
 * the public ones (dates, amounts) into 'public-shared', so that neither the shell nor the sign-in
 * page loads a public page's code.
 */
function publicChunkOf(moduleId: string, context: Rolldown.ChunkingContext): 'public' | 'public-package' | 'public-redirect' | 'public-shared' | null {
  if (staticImportsOf(ENTRY, context).has(moduleId) || staticImportsOf(APP_MAIN, context).has(moduleId)) return null;
  const inPackage = staticImportsOf(PUBLIC_PACKAGE_MAIN, context).has(moduleId);
  const inRedirect = staticImportsOf(PUBLIC_REDIRECT_MAIN, context).has(moduleId);
  // What the sign-in page needs too goes into 'start' (startChunkOf).
  if ((!inPackage && !inRedirect) || inLoginPage(moduleId, context)) return null;
  if (inShellOrListLoader(moduleId, context)) return 'public-shared';
  if (inPackage && inRedirect) return 'public';
  return inPackage ? 'public-package' : 'public-redirect';
}

/**
 * The signed-in shell and the page it opens on (/shipments): left alone, the bundler cut them into
 * ~45 files of 1–4 KB (one per set of routes sharing them), and a phone on a slow link fetched
 * them six at a time over HTTP/1.1, a round trip each (Lighthouse: 52 scripts, LCP 4 s). One
 * 'shell' chunk holds what the layout's and the list's components import statically, except what
 * the starts hold, what the public tracking app loads (it must never load the shell), what the
 * list's loader needs ('list-data': it asks for the rows while the shell is on its way) and what
 * the sign-in page needs too ('signed-in': it must not load the shell; it loads those anyway).
 * Other signed-in pages load the shell too (they need the layout); the list's part is a few KB.
 */
const SHELL_ROUTES = ['routes/_app.tsx', 'routes/_app/shipments/index.tsx'];
const LOGIN_ROUTE = 'routes/user/login.tsx';

function shellChunkOf(moduleId: string, context: Rolldown.ChunkingContext): 'shell' | 'list-data' | 'signed-in' | null {
  const inClosureOf = (roots: string[]) => roots.some((rootId) => staticImportsOf(rootId, context).has(moduleId));
  if (inClosureOf([APP_MAIN, ENTRY]) || PUBLIC_MAINS.some((main) => allImportsOf(main, context).has(moduleId))) return null;
  const login = inClosureOf(splitModules([LOGIN_ROUTE], 'component', context));
  const loader = inClosureOf(splitModules(SHELL_ROUTES, 'loader', context));
  const shell = inClosureOf(splitModules(SHELL_ROUTES, 'component', context));
  // What the sign-in page shares with the signed-in pages: one file, which it loads anyway.
  if (login) return loader || shell ? 'signed-in' : null;
  if (loader) return 'list-data';
  return shell ? 'shell' : null;
}

/**
 * The signed-in pages' query cache (TanStack Query, its persister and the app's client), loaded by
 * the shell's route before its pages' loaders run: one chunk of its own rather than part of the
 * shell, so that the route waits only for it (and the server can preload it for every signed-in
 * page's address), and never part of the starts (the sign-in page does not use it).
 */
const QUERY_RUNTIME = fileURLToPath(new URL('./src/web/lib/query-runtime.tsx', import.meta.url));

function queryChunkOf(moduleId: string, context: Rolldown.ChunkingContext): 'query' | null {
  if (!staticImportsOf(QUERY_RUNTIME, context).has(moduleId)) return null;
  return staticImportsOf(APP_MAIN, context).has(moduleId) || staticImportsOf(ENTRY, context).has(moduleId) ? null : 'query';
}

/** A route file's code-split part (`…/_app.tsx?tsr-split=component`), when it has one. */
function splitModules(routeFiles: string[], part: 'component' | 'loader', context: Rolldown.ChunkingContext): string[] {
  return routeFiles.flatMap((file) => (context.getModuleInfo(`${root}/${file}`)?.dynamicallyImportedIds ?? []).filter((id) => id.endsWith(`?tsr-split=${part}`)));
}

const allImportCache = new WeakMap<Rolldown.ChunkingContext, Map<string, Set<string>>>();

/** The module and everything it may ever load, statically or dynamically. */
function allImportsOf(moduleId: string, context: Rolldown.ChunkingContext): Set<string> {
  let cache = allImportCache.get(context);
  if (!cache) allImportCache.set(context, (cache = new Map()));
  let found = cache.get(moduleId);
  if (found) return found;
  found = new Set([moduleId]);
  const queue = [moduleId];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    const info = context.getModuleInfo(id);
    for (const imported of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
      if (!found.has(imported)) {
        found.add(imported);
        queue.push(imported);
      }
    }
  }
  cache.set(moduleId, found);
  return found;
}

const staticImportCache = new WeakMap<Rolldown.ChunkingContext, Map<string, Set<string>>>();

/** The module and everything it imports statically (what must load before it runs). */
function staticImportsOf(moduleId: string, context: Rolldown.ChunkingContext): Set<string> {
  let cache = staticImportCache.get(context);
  if (!cache) staticImportCache.set(context, (cache = new Map()));
  let found = cache.get(moduleId);
  if (found) return found;
  found = new Set([moduleId]);
  const queue = [moduleId];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) {
      if (!found.has(imported)) {
        found.add(imported);
        queue.push(imported);
      }
    }
  }
  cache.set(moduleId, found);
  return found;
}

/** Lingui's macros run through Babel, only in files that import them. */
export const linguiMacro = defineRolldownBabelPreset({
  preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
});

/** The module that tells the app where each language's catalog is (`catalogUrls`). */
export const LOCALE_URLS_MODULE = 'virtual:portal-locale-urls';

/** A catalog's file in the build: its language and the hash of its content (`locales/de.0123456789abcdef.json`). */
export function hashedCatalogName(code: string, content: Buffer): string {
  return `locales/${code}.${createHash('sha256').update(content).digest('hex').slice(0, 16)}.json`;
}

/**
 * The compiled catalogs (`lingui compile`) for the web app, one language at a time. A build emits
 * each as /locales/{lang}.{hash}.json, named by its content, and tells the app those names
 * through `virtual:portal-locale-urls`: each release loads its own catalogs (an open tab of the
 * previous release switching language gets the previous release's messages, from its service
 * worker's precache), and the server can keep them for a year. /locales/{lang}.json, the spec's
 * fixed address, is emitted too (revalidated, not precached). The dev server (and the tests)
 * answer /locales/{lang}.json from src/web/locales, never cached, so a `lingui compile` shows at
 * the next load.
 */
export function localeFiles(): Plugin {
  const resolvedId = `\0${LOCALE_URLS_MODULE}`;
  let building = false;
  let catalogs: Map<string, { source: Buffer; fileName: string }> | null = null;
  /** Read once per build: the names the app is told and the files emitted are the same. */
  const builtCatalogs = () => {
    catalogs ??= new Map(
      LANGUAGE_CODES.map((code) => {
        const source = readFileSync(catalog(code));
        return [code, { source, fileName: hashedCatalogName(code, source) }];
      }),
    );
    return catalogs;
  };
  return {
    name: 'portal-locale-files',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      catalogs = null;
    },
    resolveId(id) {
      return id === LOCALE_URLS_MODULE ? resolvedId : null;
    },
    load(id) {
      if (id !== resolvedId) return null;
      const urls = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, building ? `/${builtCatalogs().get(code)!.fileName}` : `/locales/${code}.json`]));
      return `export const catalogUrls = ${JSON.stringify(urls)};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/locales\/([a-z]{2})\.json(\?.*)?$/.exec(req.url ?? '');
        const code = match?.[1];
        if (!code || !(LANGUAGE_CODES as string[]).includes(code)) return next();
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-cache');
        res.end(readFileSync(catalog(code)));
      });
    },
    generateBundle() {
      for (const [code, { source, fileName }] of builtCatalogs()) {
        this.emitFile({ type: 'asset', fileName, source });
        this.emitFile({ type: 'asset', fileName: `locales/${code}.json`, source });
      }
    },
  };
}

const appConfig: UserConfig = {
  root,
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  resolve: {
    alias: [
      // TanStack Router's store reads React's own useSyncExternalStore through the shim for React
      // 16/17, which on React 19 only hands it on: the same hook without the shim (~0.5 KB of
      // every full-app page).
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser of es2022 but Safari before 17 knows <link rel="modulepreload"> (the server's
    // page preloads); there they only load a moment later, and the polyfill weighed on every page.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the server names the list page's chunks in its index.html
    // (src/server/plugins/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      // The groups hold whole static-import closures (minus the entry's), so they need not pull in
      // their modules' imports, which would drag what main.tsx itself imports (the paths, Vite's
      // preload helper) out of the entry chunk.
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: publicChunkOf, debugName: 'public tracking pages', priority: 4 },
            { name: startChunkOf, debugName: 'app starts', priority: 3 },
            { name: queryChunkOf, debugName: 'query cache', priority: 2 },
            { name: shellChunkOf, debugName: 'signed-in shell', priority: 1 },
          ],
        },
      },
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders and pending components too: a loader's queries (and the contract modules they
      // parse with) would otherwise load with every page, the sign-in page included.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: fileURLToPath(new URL('./src/web/routes', import.meta.url)),
      generatedRouteTree: fileURLToPath(new URL('./src/web/route-tree.gen.ts', import.meta.url)),
      routeFileIgnorePrefix: '-',
    }),
    babel({ presets: [linguiMacro] }),
    react(),
    lingui(),
    tailwindcss(),
    localeFiles(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      strategies: 'generateSW',
      manifest: {
        id: '/',
        name: 'Parcel Portal',
        short_name: 'Parcels',
        description: 'Create shipments, print labels, hand over manifests and track parcels.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b5cab',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The release's four catalogs (~8 KB gzipped each, named by their content) are precached: a
        // first visit's catalog is fetched before the service worker controls the page, so it would
        // never reach a runtime cache, and the next visit offline showed bare message ids. The
        // fixed /locales/{lang}.json copies are not: the app never asks for them.
        // The pickup-point list samples the manual's admin chapter links (under 1 KB each) are
        // precached too, so that they download offline and no navigation to them gets the app's page.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}', 'locales/*.*.json', 'csv/pickup-points-*.csv'],
        // Manuals and their screenshots are cached as they are read, not all up front (four
        // languages of screenshots would be megabytes on every install).
        // The public tracking page's own worker and its registration (README note 125) are not the app's.
        globIgnores: ['user-manual-*.md', 'manual/**', 'tracking-offline.js', 'tracking-sw.js'],
        // Background Sync wakes the pages' outbox engine when the connection is back.
        importScripts: ['/sw-outbox-sync.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/oauth\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/user-manual-[a-z]{2}\.md$/.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'user-manual', expiration: { maxEntries: 8 } },
          },
          {
            // A manual's screenshots: kept once seen, so the manual read once reads offline too.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/manual/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'user-manual-images', expiration: { maxEntries: 120 } },
          },
          // API responses carry client data: never cached by the service worker.
        ],
      },
    }),
    // Brotli and gzip files beside each asset; the server sends them as they are (no work per request).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.(png|jpe?g|webp|woff2)$/] }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/oauth': 'http://localhost:8080',
    },
  },
};

/**
 * `vite build --ssr`: the public tracking pages' renderer for the server (issue 19), into
 * dist/.ssr/public-pages.js (a dot folder: the server never serves it). Only what the pages' code
 * needs compiled (Lingui's macros, JSX); React comes from node_modules at run time, Lingui is
 * bundled (it is not a production dependency: its packages would bring the macro's Babel into a
 * production install as an optional peer).
 */
const PUBLIC_PAGES_SSR = fileURLToPath(new URL('./src/web/features/tracking/public-pages-ssr.tsx', import.meta.url));

const publicPagesConfig: UserConfig = {
  root,
  resolve: appConfig.resolve,
  publicDir: false,
  ssr: { noExternal: [/^@lingui\//] },
  build: {
    ssr: true,
    outDir: fileURLToPath(new URL('./dist/.ssr', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: { input: PUBLIC_PAGES_SSR, output: { entryFileNames: 'public-pages.js' } },
  },
  plugins: [babel({ presets: [linguiMacro] }), react(), lingui()],
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? publicPagesConfig : appConfig));
