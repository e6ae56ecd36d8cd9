import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pagePreloads } from '#server/plugins/page-preloads.ts';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-a.js"></script></head><body></body></html>';
const MANIFEST = {
  'main.tsx': { file: 'assets/index-a.js', name: 'index', isEntry: true },
  _query: { file: 'assets/query-q.js', name: 'query' },
  '_list-data': { file: 'assets/list-data-l.js', name: 'list-data' },
  '_signed-in': { file: 'assets/signed-in-s.js', name: 'signed-in' },
  _shell: { file: 'assets/shell-h.js', name: 'shell' },
  '_public-shared': { file: 'assets/public-shared-f.js', name: 'public-shared' },
  '_shell.css': { file: 'assets/shell-h.css', name: 'shell' },
  _app: { file: 'assets/app-p.js', name: 'app' },
  _start: { file: 'assets/start-t.js', name: 'start' },
  '_rolldown-runtime': { file: 'assets/rolldown-runtime-r.js', name: 'rolldown-runtime' },
  _public: { file: 'assets/public-b.js', name: 'public' },
  '_public-package': { file: 'assets/public-package-k.js', name: 'public-package' },
  '_public-redirect': { file: 'assets/public-redirect-d.js', name: 'public-redirect' },
  '_app-route': { file: 'assets/_app-x.js', name: '_app' },
};
const START = ['/assets/start-t.js', '/assets/rolldown-runtime-r.js'];
const FULL_APP = [...START, '/assets/app-p.js'];

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function build(manifest: object | null, index = INDEX): string {
  const root = mkdtempSync(path.join(tmpdir(), 'page-preloads-'));
  folders.push(root);
  writeFileSync(path.join(root, 'index.html'), index);
  if (manifest) {
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return root;
}

/** The modulepreload hrefs of a page, in order; null for the plain index.html. */
function preloadsOf(html: string | null): string[] | null {
  if (html === null) return null;
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
}

describe('page preloads', () => {
  it('names the app start, the query cache, the list loader, the shell and the parts it shares for the list and home, the start first', () => {
    const page = pagePreloads(build(MANIFEST));
    const list = [...FULL_APP, '/assets/query-q.js', '/assets/list-data-l.js', '/assets/signed-in-s.js', '/assets/shell-h.js', '/assets/public-shared-f.js'];
    for (const pathname of ['/', '/shipments', '/shipments/']) {
      expect(preloadsOf(page(pathname)), pathname).toEqual(list);
    }
    // In the head, before the app's own script is run: the rest of the file as built.
    expect(page('/shipments')).toBe(INDEX.replace('</head>', `${list.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('')}</head>`));
  });

  it('names the app start and the query cache for the other signed-in pages (and unknown addresses, which the shell answers)', () => {
    const page = pagePreloads(build(MANIFEST));
    for (const pathname of ['/shipment/new', '/shipment/CP100000001SK', '/shipment/tracking', '/company/3/partners', '/user/settings', '/user/manual', '/manifests', '/no/such/page']) {
      expect(preloadsOf(page(pathname)), pathname).toEqual([...FULL_APP, '/assets/query-q.js']);
    }
  });

  it('names only the app start for the sign-in page, and only its own light app for each public tracking page', () => {
    const page = pagePreloads(build(MANIFEST));
    for (const pathname of ['/user/login', '/user/login/']) expect(preloadsOf(page(pathname)), pathname).toEqual(FULL_APP);
    expect(preloadsOf(page('/package/tracking'))).toEqual([...START, '/assets/public-b.js', '/assets/public-shared-f.js', '/assets/public-package-k.js']);
    for (const pathname of ['/shipment/track/CP100000001SK', '/shipment/track/CP100000001SK/']) {
      expect(preloadsOf(page(pathname)), pathname).toEqual([...START, '/assets/public-b.js', '/assets/public-shared-f.js', '/assets/public-redirect-d.js']);
    }
  });

  it('preloads nothing without a manifest, without the chunks, or without a head to put them in', () => {
    expect(pagePreloads(build(null))('/shipments')).toBeNull();
    const withoutChunks = pagePreloads(build({ 'main.tsx': MANIFEST['main.tsx'] }));
    for (const pathname of ['/shipments', '/shipment/new', '/user/login', '/package/tracking']) expect(withoutChunks(pathname), pathname).toBeNull();
    expect(pagePreloads(build(MANIFEST, '<p>no head</p>'))('/shipments')).toBeNull();
  });
});
