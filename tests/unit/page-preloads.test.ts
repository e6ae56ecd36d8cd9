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
};

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
  it('names the query cache, the list loader, the shell and the parts it shares for the list and home, the query cache first', () => {
    const page = pagePreloads(build(MANIFEST));
    for (const pathname of ['/', '/shipments', '/shipments/']) {
      expect(preloadsOf(page(pathname)), pathname).toEqual(['/assets/query-q.js', '/assets/list-data-l.js', '/assets/signed-in-s.js', '/assets/shell-h.js', '/assets/public-shared-f.js']);
    }
    // In the head, before the app's own script is run: the rest of the file as built.
    expect(page('/shipments')).toBe(INDEX.replace('</head>', `${['query-q', 'list-data-l', 'signed-in-s', 'shell-h', 'public-shared-f'].map((f) => `<link rel="modulepreload" crossorigin href="/assets/${f}.js">`).join('')}</head>`));
  });

  it('names only the query cache for the other signed-in pages (and unknown addresses, which the shell answers)', () => {
    const page = pagePreloads(build(MANIFEST));
    for (const pathname of ['/shipment/new', '/shipment/CP100000001SK', '/shipment/tracking', '/company/3/partners', '/user/settings', '/user/manual', '/manifests', '/no/such/page']) {
      expect(preloadsOf(page(pathname)), pathname).toEqual(['/assets/query-q.js']);
    }
  });

  it('gives the sign-in page and the public tracking pages the plain index.html', () => {
    const page = pagePreloads(build(MANIFEST));
    for (const pathname of ['/user/login', '/user/login/', '/package/tracking', '/shipment/track/CP100000001SK', '/shipment/track/CP100000001SK/']) {
      expect(page(pathname), pathname).toBeNull();
    }
  });

  it('preloads nothing without a manifest, without the chunks, or without a head to put them in', () => {
    expect(pagePreloads(build(null))('/shipments')).toBeNull();
    const withoutChunks = pagePreloads(build({ 'main.tsx': MANIFEST['main.tsx'] }));
    expect(withoutChunks('/shipments')).toBeNull();
    expect(withoutChunks('/shipment/new')).toBeNull();
    expect(pagePreloads(build(MANIFEST, '<p>no head</p>'))('/shipments')).toBeNull();
  });
});
