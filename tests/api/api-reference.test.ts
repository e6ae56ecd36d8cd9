// The API reference as served: the document at GET /api/openapi.json covers exactly the API the
// server registers (every /api and /oauth route is documented or on the explicit list of
// undocumented ones, and every documented operation is a registered route), and the reference
// page GET /api/docs loads only files of our own origin under its own CSP, while every other
// answer keeps the app's.
import type * as Fastify from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCS_PATH, OPENAPI_PATH, SCALAR_PATH } from '#server/features/api-reference/api-reference.plugin.ts';
import { UNDOCUMENTED_ROUTES, type OpenApiDocument } from '#server/features/api-reference/openapi.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

/** Every route the app registers (method and URL), seen through an onRoute hook added as each Fastify instance is made. */
const registered = vi.hoisted(() => [] as Array<{ method: string; url: string }>);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof Fastify>();
  const fastify = actual.default;
  const seeing = ((options?: Parameters<typeof fastify>[0]) => {
    const app = fastify(options) as FastifyInstance;
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof fastify;
  return { ...actual, default: Object.assign(seeing, fastify) };
});

let t: TestApp;

// A new database and app: slow on a busy 2-core machine.
beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 180_000);

afterAll(async () => {
  await t?.close();
}, 60_000);

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/oauth/');
const routeKey = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;

describe('GET /api/openapi.json', () => {
  it('covers every /api and /oauth route the server registers, except the listed ones, and documents no route that does not exist', async () => {
    const res = await t.app.inject({ url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const document = res.json<OpenApiDocument>();
    const documented = new Set(Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
    const undocumented = new Set(UNDOCUMENTED_ROUTES.map((route) => routeKey(route.method, route.url)));

    const served = new Set(registered.filter((route) => isApi(route.url) && route.method !== 'HEAD').map((route) => routeKey(route.method, route.url)));
    expect(served.size).toBeGreaterThan(50);
    const missing = [...served].filter((key) => !documented.has(key) && !undocumented.has(key));
    expect(missing, 'registered but neither documented nor listed as undocumented').toEqual([]);
    const phantom = [...documented].filter((key) => !served.has(key));
    expect(phantom, 'documented but not registered').toEqual([]);
    // The list of undocumented routes names only routes that exist (and no documented one).
    for (const key of undocumented) {
      expect(served.has(key), key).toBe(true);
      expect(documented.has(key), key).toBe(false);
    }
  });

  it('is JSON with an ETag, answers 304 to it, and is never cached by the way', async () => {
    const first = await t.app.inject({ url: OPENAPI_PATH, headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toBe('no-store');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);

    const again = await t.app.inject({ url: OPENAPI_PATH, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.app.inject({ url: OPENAPI_PATH, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('is public: no token needed, a wrong one does not matter', async () => {
    const res = await t.app.inject({ url: OPENAPI_PATH, headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Parcel portal API' } });
  });
});

describe('GET /api/docs', () => {
  const appPolicy = async () => (await t.app.inject({ url: '/healthz' })).headers['content-security-policy'] as string;

  it('is a page whose scripts come from our origin, allowed by its CSP: the app’s own plus inline styles', async () => {
    const res = await t.app.inject({ url: DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = res.headers['content-security-policy'] as string;
    const app = await appPolicy();
    expect(policy).toBe(app.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"));
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("connect-src 'self';");
    expect(res.headers['x-frame-options']).toBe('DENY');

    // Every address the page loads is of our origin, and answers.
    const addresses = [...res.body.matchAll(/\s(?:src|href|data-url)="([^"]+)"/g)].map((match) => match[1]!);
    expect(addresses).toEqual(expect.arrayContaining([SCALAR_PATH, OPENAPI_PATH]));
    for (const address of addresses.filter((address) => address !== '/favicon.svg')) {
      expect(address, address).toMatch(/^\/[^/]/);
      expect((await t.app.inject({ url: address })).statusCode, address).toBe(200);
    }
    // No inline script: the only script without src is Scalar's configuration, which is data.
    expect([...res.body.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((match) => match[1])).toEqual([expect.stringContaining('type="application/json"')]);
    expect(res.body).not.toMatch(/https?:\/\//);
  });

  it('serves the renderer compressed, cached for good under its version’s name, with conditional requests', async () => {
    const res = await t.app.inject({ url: SCALAR_PATH, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(1_500_000);
    const again = await t.app.inject({ url: SCALAR_PATH, headers: { 'accept-encoding': 'br, gzip', 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const plain = await t.app.inject({ url: SCALAR_PATH });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1_000_000);
    // The app's CSP, not the docs page's.
    expect(plain.headers['content-security-policy']).toBe(await appPolicy());
  });

  it('leaves every other answer’s CSP alone', async () => {
    for (const url of [OPENAPI_PATH, '/api/v1/profile', '/nothing']) {
      expect((await t.app.inject({ url })).headers['content-security-policy'], url).not.toContain('unsafe-inline');
    }
  });
});
