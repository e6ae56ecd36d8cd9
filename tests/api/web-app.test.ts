// The built PWA's files and their cache lifetimes, on a small stand-in for dist/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const HASHED = '/locales/de.0123456789abcdef.json';

let t: TestApp;
let root: string;

/** A file with the .br and .gz beside it, as the build writes them. */
function write(file: string, text: string) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  writeFileSync(`${full}.br`, brotliCompressSync(text));
  writeFileSync(`${full}.gz`, gzipSync(text));
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  write('index.html', '<!doctype html><html><head><title>Parcel Portal</title></head><body></body></html>');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'src/web/main.tsx': { file: 'assets/index-Entry123.js', name: 'index', isEntry: true },
      '_shell-Shell123.js': { file: 'assets/shell-Shell123.js', name: 'shell' },
      '_list-data-List1234.js': { file: 'assets/list-data-List1234.js', name: 'list-data' },
    }),
  );
  write('sw.js', 'self.addEventListener("fetch", () => {});');
  write('assets/app-AbC123xy.js', 'console.log(1);');
  write(HASHED, '{"messages":{"greeting":["Hallo"]}}');
  write('locales/de.json', '{"messages":{"greeting":["Hallo"]}}');
  t = await createTestApp({ seed: false, webRoot: root });
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static files of the build', () => {
  it.each([
    ['identity', undefined],
    ['brotli', 'br'],
    ['gzip', 'gzip'],
  ])('keeps a release catalog named by its content for a year (%s)', async (_name, encoding) => {
    const res = await t.app.inject({ url: HASHED, headers: encoding ? { 'accept-encoding': encoding } : {} });

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(res.headers['content-encoding']).toBe(encoding);
  });

  it('revalidates the fixed /locales/{lang}.json (the spec address) every time', async () => {
    const res = await t.app.inject({ url: '/locales/de.json?v=6', headers: { 'accept-encoding': 'br' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('keeps hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/app-AbC123xy.js', headers: { 'accept-encoding': 'br' } });

    expect(res.headers['cache-control']).toBe(YEAR);
  });

  it('never caches the service worker and the shell, compressed or not', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const sw = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(sw.headers['cache-control']).toBe('no-cache');
      const page = await t.app.inject({ url: '/shipments', headers: { accept: 'text/html', 'accept-encoding': encoding } });
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 for a catalog of a release that is no longer there', async () => {
    const res = await t.app.inject({ url: '/locales/de.fedcba9876543210.json' });

    expect(res.statusCode).toBe(404);
  });
});

describe('preload hints of the list page', () => {
  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('names the signed-in shell and the list loader’s chunks for home and /shipments', async () => {
    for (const url of ['/', '/shipments', '/shipments?status=CREATED']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(preloads(res.body), url).toEqual(['/assets/shell-Shell123.js', '/assets/list-data-List1234.js']);
    }
  });

  it('leaves the sign-in page and the public tracking page without them', async () => {
    for (const url of ['/user/login', '/package/tracking?tracking_number=CP1', '/manifests']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual([]);
    }
  });

  it('does not serve the build manifest', async () => {
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});
