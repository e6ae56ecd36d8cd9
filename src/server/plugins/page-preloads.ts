// Route-aware preload hints for the page most visits open on. The app's code for a page is
// found only once the app's start has loaded and run (its router asks for the route's chunks):
// on a phone's slow link that is a round trip of waiting before the signed-in shell and the
// list's loader are even requested. For `/` and `/shipments` (home redirects to the list), the
// index.html answered names them up front with <link rel="modulepreload">, so they load beside
// the start. Other pages get the plain index.html: the sign-in page and the public tracking app
// must not download the shell, and other signed-in pages are mostly reached from the list.
// A signed-out visit to /shipments downloads the shell it will not use (~47 KB gzipped) before it
// goes to the sign-in page: a price paid once, by a visit that is rare at that address.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The chunks vite.config.ts groups for the signed-in shell, the list's loader, and what both share with the sign-in page. */
const LIST_PAGE_CHUNKS = ['signed-in', 'shell', 'list-data'];
const LIST_PAGE_PATHS = new Set(['/', '/shipments', '/shipments/']);

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
  if (!existsSync(manifestFile)) return () => null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = LIST_PAGE_CHUNKS.flatMap((name) => Object.values(manifest).filter((chunk) => chunk.name === name && chunk.file.endsWith('.js')).map((chunk) => chunk.file));
  if (files.length === 0) return () => null;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  if (!html.includes('</head>')) return () => null;
  const listPageHtml = html.replace('</head>', `${links}</head>`);
  return (pathname) => (LIST_PAGE_PATHS.has(pathname) ? listPageHtml : null);
}
