// Serves the built PWA: hashed assets and the release's catalogs (named by their content,
// /locales/{lang}.{hash}.json) cached for a year, the shell and service worker always
// revalidated, and every other GET for a page answered with index.html (client-side routing).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './errors.ts';
import { pagePreloads } from './page-preloads.ts';

const NEVER_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);
/** A catalog named by its content; /locales/{lang}.json, the spec's fixed address, is revalidated. */
const HASHED_CATALOG = /^\/locales\/[a-z]{2}\.[0-9a-f]{16}\.json$/;

export async function webApp(app: FastifyInstance, { root }: { root: string }) {
  const hasBuild = root !== '' && existsSync(path.join(root, 'index.html'));
  const preloadedPage = hasBuild ? pagePreloads(root) : () => null;
  /** index.html for a page's address: with the preload hints of that page where it has them. */
  const sendPage = (pathname: string, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const html = preloadedPage(pathname);
    return html === null ? reply.sendFile('index.html', root) : reply.type('text/html; charset=utf-8').send(html);
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      // Vite writes .br and .gz beside each asset at build time.
      preCompressed: true,
      // The build's manifest is read by the server (page-preloads.ts), not served.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders(reply, filePath) {
        // The file sent: for a compressed answer the .br or .gz beside the asset.
        const rel = `/${path.relative(root, filePath).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
        if (rel.startsWith('/assets/') || HASHED_CATALOG.test(rel)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (NEVER_CACHE.has(rel) || rel.startsWith('/workbox-')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=0, must-revalidate');
      },
    });
    app.get('/', { config: { public: true } }, (_request, reply) => sendPage('/', reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/oauth/');
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsPage && hasBuild) {
      return sendPage(url.split('?', 1)[0] ?? url, reply);
    }
    return sendNotFound(request, reply);
  });
}
