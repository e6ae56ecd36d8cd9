// The built PWA's files, served from memory (plugins/built-files.ts): their cache lifetimes, types,
// precompressed forms, conditional and range requests, HEAD, the 404 of an unknown file and the
// SPA fallback, on a small stand-in for dist/.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const HASHED = '/locales/de.0123456789abcdef.json';
const SCRIPT = 'console.log("the app");'.repeat(20);
const MANUAL = '# Manual\n\nHow to send a parcel.\n'.repeat(40);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let t: TestApp;
let root: string;

const brotliDecompress = (bytes: Buffer) => brotliDecompressSync(bytes).toString();

/** A file with the .br and .gz beside it, as the build writes them (or alone, as it leaves the service worker and images). */
function write(file: string, content: string | Buffer, { compressed = true } = {}) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (!compressed) return;
  writeFileSync(`${full}.br`, brotliCompressSync(content));
  writeFileSync(`${full}.gz`, gzipSync(content));
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
  write('.build-stamp', 'abc', { compressed: false });
  write('server/main.js', 'const signingKey = "server code";', { compressed: false });
  write('sw.js', 'self.addEventListener("fetch", () => {});', { compressed: false });
  write('workbox-1a2b3c4d.js', 'self.workbox = {};', { compressed: false });
  write('manifest.webmanifest', '{"name":"Parcel Portal"}', { compressed: false });
  write('assets/app-AbC123xy.js', SCRIPT);
  write('assets/style-Q1w2E3r4.css', 'body{margin:0}');
  write(HASHED, '{"messages":{"greeting":["Hallo"]}}');
  write('locales/de.json', '{"messages":{"greeting":["Hallo"]}}');
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('icons/icon-192.png', PNG, { compressed: false });
  write('user-manual-en.md', MANUAL, { compressed: false });
  t = await createTestApp({ seed: false, webRoot: root });
  // Everything is read at start: the folder may go (a new build being written) without a request noticing.
  renameSync(root, `${root}-moved`);
  root = `${root}-moved`;
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

describe('each kind of file', () => {
  it.each([
    ['a hashed asset', '/assets/app-AbC123xy.js', 'text/javascript; charset=utf-8', YEAR],
    ['a hashed stylesheet', '/assets/style-Q1w2E3r4.css', 'text/css; charset=utf-8', YEAR],
    ['a catalog named by its content', HASHED, 'application/json; charset=utf-8', YEAR],
    ['the fixed catalog address', '/locales/de.json', 'application/json; charset=utf-8', REVALIDATE],
    ['the shell', '/index.html', 'text/html; charset=utf-8', 'no-cache'],
    ['the service worker', '/sw.js', 'text/javascript; charset=utf-8', 'no-cache'],
    ['the workbox runtime', '/workbox-1a2b3c4d.js', 'text/javascript; charset=utf-8', 'no-cache'],
    ['the web manifest', '/manifest.webmanifest', 'application/manifest+json; charset=utf-8', 'no-cache'],
    ['the icon', '/favicon.svg', 'image/svg+xml', REVALIDATE],
    ['an image', '/icons/icon-192.png', 'image/png', REVALIDATE],
    ['a manual', '/user-manual-en.md', 'text/markdown; charset=utf-8', REVALIDATE],
  ])('answers %s with its type, lifetime and validators', async (_kind, url, type, cacheControl) => {
    const res = await t.app.inject({ url });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(String(res.headers['last-modified'])).toUTCString()).toBe(res.headers['last-modified']);
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // The security headers of every answer.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the file as built, byte for byte', async () => {
    expect((await t.app.inject({ url: '/assets/app-AbC123xy.js' })).body).toBe(SCRIPT);
    expect((await t.app.inject({ url: '/icons/icon-192.png' })).rawPayload.equals(PNG)).toBe(true);
  });
});

describe('precompressed answers', () => {
  const get = (url: string, acceptEncoding?: string) => t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['BR', 'br'],
    ['deflate', undefined],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %j gets %s', async (acceptEncoding, encoding) => {
    const res = await get('/assets/app-AbC123xy.js', acceptEncoding);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(res.headers.vary).toBe('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // inject hands back the bytes sent: each decodes to the file.
    const body = encoding === 'br' ? brotliDecompress(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(body).toBe(SCRIPT);
  });

  it('sends each form under its own validators, as the files beside each other have', async () => {
    const identity = await get('/assets/app-AbC123xy.js');
    const br = await get('/assets/app-AbC123xy.js', 'br');
    const gzip = await get('/assets/app-AbC123xy.js', 'gzip');

    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
  });

  it('gzips once at start what the build left uncompressed, under the file’s own ETag', async () => {
    const plain = await get('/user-manual-en.md');
    const gzip = await get('/user-manual-en.md', 'br, gzip');

    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(MANUAL);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    expect(gzip.rawPayload.length).toBeLessThan(MANUAL.length);
  });

  it('never compresses an image', async () => {
    const res = await get('/icons/icon-192.png', 'br, gzip');

    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps the shell and the service worker uncached in every form', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      expect((await get('/index.html', encoding)).headers['cache-control']).toBe('no-cache');
      expect((await get('/sw.js', encoding)).headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('what is not a file of the build', () => {
  it.each(['/assets/gone-Zz9Yy8Xx.js', '/favicon.ico', '/Favicon.svg', '/.build-stamp', '/.vite/manifest.json', '/index.html.br', '/assets/app-AbC123xy.js.gz', '/assets/', '/icons', '/server/main.js'])(
    'answers %s with 404 in the error shape',
    async (url) => {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });

      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Not found.' });
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('refuses to write to a file', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/favicon.svg' })).statusCode).toBe(404);
    }
  });

  it('answers index.html to a page’s address (client-side routing), compressed and uncached', async () => {
    for (const url of ['/shipments/123', '/user/login', '/admin/company/5?tab=bank']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' } });

      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompress(res.rawPayload), url).toContain('<title>Parcel Portal</title>');
    }
  });

  it('answers an API address 404 in the error shape even when a page is asked for', async () => {
    for (const url of ['/api/v1/nothing', '/api', '/oauth/nothing']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });

      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'not_found', message: 'Not found.' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('HEAD, conditional and range requests', () => {
  const favicon = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url: '/favicon.svg', headers });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const encoding of ['br', 'identity']) {
      const get = await favicon({ 'accept-encoding': encoding });
      const head = await favicon({ 'accept-encoding': encoding }, 'HEAD');

      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'vary']) expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it('answers If-None-Match with 304 when the tag matches, weakly or as *', async () => {
    const first = await favicon({ 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);

    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const res = await favicon({ 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.headers['content-encoding']).toBe('br');
    }
    // Another form's tag, another tag, or a reload (no-cache) get the file.
    expect((await favicon({ 'if-none-match': etag })).statusCode).toBe(200);
    expect((await favicon({ 'accept-encoding': 'br', 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await favicon({ 'accept-encoding': 'br', 'if-none-match': etag, 'cache-control': 'no-cache' })).statusCode).toBe(200);
  });

  it('answers If-Modified-Since with 304 unless the file is newer, and lets If-None-Match decide when both are sent', async () => {
    const first = await favicon();
    const lastModified = String(first.headers['last-modified']);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();

    expect((await favicon({ 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await favicon({ 'if-modified-since': before })).statusCode).toBe(200);
    expect((await favicon({ 'if-modified-since': lastModified, 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('refuses If-Match with another tag: 412', async () => {
    const res = await favicon({ 'if-match': '"other"' });

    expect(res.statusCode).toBe(412);
    expect(res.json().error).toBe('invalid_request');
    expect((await favicon({ 'if-match': String((await favicon()).headers.etag) })).statusCode).toBe(200);
  });

  it('answers one byte range with 206, an unsatisfiable one with 416, several or a stale If-Range with the whole file', async () => {
    const whole = await favicon();
    const size = whole.rawPayload.length;

    const part = await favicon({ range: 'bytes=0-4' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-4/${size}`);
    expect(part.body).toBe(whole.body.slice(0, 5));

    const tail = await favicon({ range: 'bytes=-3' });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe(whole.body.slice(-3));

    const outside = await favicon({ range: `bytes=${size + 10}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);
    expect(outside.json().error).toBe('invalid_request');

    expect((await favicon({ range: 'bytes=0-1,3-4' })).statusCode).toBe(200);
    expect((await favicon({ range: 'bytes=0-4', 'if-range': '"other"' })).statusCode).toBe(200);
    expect((await favicon({ range: 'bytes=0-4', 'if-range': String(whole.headers.etag) })).statusCode).toBe(206);
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
      expect(preloads(res.body), url).toEqual(['/assets/list-data-List1234.js', '/assets/shell-Shell123.js']);
    }
  });

  it('leaves the sign-in page and the public tracking page without them', async () => {
    for (const url of ['/user/login', '/package/tracking?tracking_number=CP1', '/manifests']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual([]);
    }
  });

  it('sends them as index.html is sent: compressed once, with an ETag that a revalidation answers 304', async () => {
    const first = await t.app.inject({ url: '/shipments', headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(preloads(brotliDecompress(first.rawPayload))).toEqual(['/assets/list-data-List1234.js', '/assets/shell-Shell123.js']);

    const gzip = await t.app.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(brotliDecompress(first.rawPayload));

    const again = await t.app.inject({ url: '/shipments', headers: { accept: 'text/html', 'accept-encoding': 'br, gzip', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another page's ETag (the plain index.html) does not match.
    const plain = await t.app.inject({ url: '/user/login', headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(plain.headers.etag).not.toBe(first.headers.etag);
  });

  it('does not serve the build manifest', async () => {
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});
