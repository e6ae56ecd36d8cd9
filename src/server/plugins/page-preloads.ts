// Route-aware preload hints. index.html names only the entry (index.js), which picks the address's
// app and imports it; each app's code is found only once the entry has loaded and run, and the
// signed-in pages' code only once the app has started (its router asks for the route's chunks):
// on a phone's slow link that is a round trip of waiting, or two, before they are even requested.
// The index.html answered for each address names them up front with <link rel="modulepreload">, so
// they load beside the entry:
// - every page: the bundler's runtime and 'start' (React, Lingui, what every app shows at once);
// - the full app's pages (the sign-in page and every signed-in one): 'app' (router, the rest of
//   the app's start); the signed-in ones also the query cache ('query'), which the shell's route
//   loads before its pages' loaders run (vite.config.ts, lib/query-runtime.tsx);
// - `/` and `/shipments` (home redirects to the list), the page most visits open on: also the
//   signed-in shell, what it shares with the public pages, and the list's loader;
// - the public tracking pages: their own light app's chunks (never the full app's).
// A signed-out visit to a signed-in address downloads what it will not use (~13 KB gzipped, ~60 KB
// at the list) before it goes to the sign-in page: a price paid once, by a visit that is rare at
// those addresses.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What every app starts with, in the order it is needed (vite.config.ts names them). */
const START_CHUNKS = ['start', 'rolldown-runtime'];
const FULL_APP_CHUNKS = [...START_CHUNKS, 'app'];
/**
 * The list: the query cache first (the list's rows wait for it), then the list's loader, what the
 * sign-in page shares with the shell, the shell, and what the shell shares with the public pages
 * (dates and amounts: else found only once the shell has loaded).
 */
const LIST_PAGE_CHUNKS = [...FULL_APP_CHUNKS, 'query', 'list-data', 'signed-in', 'shell', 'public-shared'];
const SIGNED_IN_PAGE_CHUNKS = [...FULL_APP_CHUNKS, 'query'];
const LIST_PAGE_PATHS = new Set(['/', '/shipments']);
/** Addresses outside the signed-in shell (src/web/routes: user/login, package/tracking, shipment/track/$tracking_number). */
const OUTSIDE_SHELL: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/user\/login$/, FULL_APP_CHUNKS],
  [/^\/package\/tracking$/, [...START_CHUNKS, 'public', 'public-shared', 'public-package']],
  [/^\/shipment\/track\/[^/]+$/, [...START_CHUNKS, 'public', 'public-shared', 'public-redirect']],
];

interface ManifestChunk {
  file: string;
  name?: string;
}

/**
 * The index.html to answer for `pathname` when it differs from the built file, else null. Reads
 * the build's Vite manifest once; without one (a build without it) every page gets the plain file.
 */
export function pagePreloads(root: string): (pathname: string) => string | null {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(manifestFile) || !existsSync(indexFile)) return () => null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const html = readFileSync(indexFile, 'utf8');
  if (!html.includes('</head>')) return () => null;
  const withPreloads = (names: readonly string[]): string | null => {
    const files = names.flatMap((name) => Object.values(manifest).filter((chunk) => chunk.name === name && chunk.file.endsWith('.js')).map((chunk) => chunk.file));
    if (files.length === 0) return null;
    return html.replace('</head>', `${files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')}</head>`);
  };
  const listPageHtml = withPreloads(LIST_PAGE_CHUNKS);
  const signedInPageHtml = withPreloads(SIGNED_IN_PAGE_CHUNKS);
  const outsideShell = OUTSIDE_SHELL.map(([pattern, names]) => [pattern, withPreloads(names)] as const);
  return (pathname) => {
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (LIST_PAGE_PATHS.has(page)) return listPageHtml;
    const outside = outsideShell.find(([pattern]) => pattern.test(page));
    return outside ? outside[1] : signedInPageHtml;
  };
}
