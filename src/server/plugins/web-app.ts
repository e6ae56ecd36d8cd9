// Serves the built PWA: hashed assets and the release's catalogs (named by their content,
// /locales/{lang}.{hash}.json) cached for a year, the shell and service worker always
// revalidated, and every other GET for a page answered with index.html (client-side routing).
// The build is read into memory once at start (built-files.ts) and each of its files gets a
// route of its own: an unknown path goes straight to the not-found handler, without touching
// the file system. A new build is served after a restart (`npm start` builds first).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { builtPage, readBuild, sendBuiltFile, type BuiltFile } from './built-files.ts';
import { sendNotFound } from './errors.ts';
import { pagePreloads } from './page-preloads.ts';

// /tracking-sw.js: the public tracking page's own service worker (README note 125).
const NEVER_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js', '/tracking-sw.js']);
/** A catalog named by its content; /locales/{lang}.json, the spec's fixed address, is revalidated. */
const HASHED_CATALOG = /^\/locales\/[a-z]{2}\.[0-9a-f]{16}\.json$/;

/** Cache-Control of a file of the build, by its address. */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/') || HASHED_CATALOG.test(urlPath)) return 'public, max-age=31536000, immutable';
  if (NEVER_CACHE.has(urlPath) || urlPath.startsWith('/workbox-')) return 'no-cache';
  return 'public, max-age=0, must-revalidate';
}

/** find-my-way reads `:` as a parameter and `*` as a wildcard: `::` is a literal colon; a file with `*` cannot have a route. */
const routePath = (urlPath: string) => (urlPath.includes('*') ? null : urlPath.replaceAll(':', '::'));

export async function webApp(app: FastifyInstance, { root }: { root: string }) {
  const hasBuild = root !== '' && existsSync(path.join(root, 'index.html'));
  const files = hasBuild ? readBuild(root, cacheControlFor) : new Map<string, BuiltFile>();
  const indexHtml = files.get('/index.html');
  const preloadedPage = hasBuild ? pagePreloads(root) : () => null;
  /** The pages with preload hints (a few: page-preloads.ts makes each once), compressed when first sent. */
  const pages = new Map<string, BuiltFile>();
  /** index.html for a page's address: with the preload hints of that page where it has them. */
  const sendPage = (request: FastifyRequest, pathname: string, reply: FastifyReply) => {
    const html = preloadedPage(pathname);
    if (html === null) return sendBuiltFile(request, reply, indexHtml!);
    let page = pages.get(html);
    if (!page) {
      if (pages.size >= 16) pages.clear();
      page = builtPage(html, indexHtml!);
      pages.set(html, page);
    }
    return sendBuiltFile(request, reply, page);
  };

  for (const file of files.values()) {
    const url = routePath(file.urlPath);
    if (url === null) {
      app.log.warn({ file: file.urlPath }, 'a file of the build has a name no route can hold: not served');
      continue;
    }
    // Compressed at build time (or at start): @fastify/compress has nothing left to do here.
    app.route({ method: ['GET', 'HEAD'], url, config: { public: true }, compress: false, handler: (request, reply) => sendBuiltFile(request, reply, file) });
  }
  if (indexHtml) app.get('/', { config: { public: true }, compress: false }, (request, reply) => sendPage(request, '/', reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/oauth/');
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsPage && indexHtml) {
      return sendPage(request, url.split('?', 1)[0] ?? url, reply);
    }
    return sendNotFound(request, reply);
  });
}
