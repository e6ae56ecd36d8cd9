// Bad input answers 4xx in the error shape, never 500; security headers on every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

const BODY_LIMIT = 1024;

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ bodyLimit: BODY_LIMIT });
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

type Res = Awaited<ReturnType<typeof t.app.inject>>;

function errorBody(res: Res) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ message: string; error?: string; errors?: Record<string, string[]> }>();
  expect(typeof body.message).toBe('string');
  expect(body.message.trim().length).toBeGreaterThan(0);
  return body;
}

const postToken = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': contentType }, payload });

describe('request bodies', () => {
  it.each(['{bad', '{"grant_type": "client_credentials",', '', "{'single': 'quotes'}"])('answers malformed JSON %j with 400 malformed_body', async (payload) => {
    const res = await postToken(payload);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).error).toBe('malformed_body');
  });

  it('answers an oversized JSON body with 400 body_too_large (not 413)', async () => {
    const payload = JSON.stringify({ grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: 'a'.repeat(4096) });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(BODY_LIMIT);
    const res = await postToken(payload);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).error).toBe('body_too_large');
  });

  it('answers an oversized form-encoded body with 400 body_too_large', async () => {
    const payload = new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: 'b'.repeat(4096) }).toString();
    const res = await postToken(payload, 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).error).toBe('body_too_large');
  });

  it('accepts a body just under the limit', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: DEMO.user.secret } });
    expect(res.statusCode).toBe(200);
  });

  it('answers wrong types with 400 and the field named in errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: 12345, client_secret: DEMO.user.secret } });
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.error).toBe('invalid_request');
    expect(body.errors?.client_id?.length).toBeGreaterThan(0);
    for (const message of body.errors!.client_id!) expect(message).toMatch(/\S/);
    expect(body.errors?.client_secret).toBeUndefined();
  });

  it('answers over-long credentials with 400 and field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: 'c'.repeat(201), client_secret: 's'.repeat(201) } });
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.error).toBe('invalid_request');
    expect(body.errors?.client_id?.length).toBeGreaterThan(0);
    expect(body.errors?.client_secret?.length).toBeGreaterThan(0);
  });

  it.each(['application/xml', 'text/xml', 'multipart/form-data; boundary=x', 'application/octet-stream'])('answers content type %s with 415', async (contentType) => {
    const res = await postToken('<grant_type>client_credentials</grant_type>', contentType);
    expect(res.statusCode).toBe(415);
    expect(errorBody(res).error).toBe('unsupported_media_type');
  });

  it('refuses a text/plain body with 415 and does not sign in', async () => {
    const res = await postToken('grant_type=client_credentials&client_id=demo-user&client_secret=demo-user-secret', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(errorBody(res).error).toBe('unsupported_media_type');
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
  });

  it.each([
    ['JSON null', 'null'],
    ['a JSON array', '[]'],
    ['a JSON string', '"client_credentials"'],
    ['a JSON number', '42'],
    ['client_id an object', '{"grant_type":"client_credentials","client_id":{"$ne":""},"client_secret":"x"}'],
    ['client_secret an array', '{"grant_type":"client_credentials","client_id":"demo-user","client_secret":["demo-user-secret"]}'],
    ['grant_type a number', '{"grant_type":1}'],
    ['grant_type null', '{"grant_type":null}'],
    ['a prototype key', '{"__proto__":{"grant_type":"client_credentials"},"constructor":{"prototype":{}}}'],
    ['deep nesting', `${'{"a":'.repeat(150)}1${'}'.repeat(150)}`],
  ])('answers %s with 400 in the error shape', async (_label, payload) => {
    const res = await postToken(payload);
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(['invalid_request', 'malformed_body']).toContain(body.error);
  });

  it('answers a form body with repeated fields with 400, not 500', async () => {
    const res = await postToken('grant_type=client_credentials&client_id=demo-user&client_id=demo-admin&client_secret=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).errors?.client_id?.length).toBeGreaterThan(0);
  });
});

describe('query strings', () => {
  const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/admin/company/list${query}`, headers: { authorization: `Bearer ${adminToken}` } });

  it('answers an over-long company filter with 400 and field errors', async () => {
    const res = await list(`?name=${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.error).toBe('validation_failed');
    expect(body.errors?.name?.length).toBeGreaterThan(0);
    for (const message of body.errors!.name!) expect(message).toMatch(/\S/);
  });

  it('accepts a filter of exactly 200 characters', async () => {
    const res = await list(`?city=${'a'.repeat(200)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers a repeated filter with 400, not 500', async () => {
    const res = await list('?name=a&name=b');
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).errors?.name?.length).toBeGreaterThan(0);
  });

  it('answers a day that does not exist (30 February) with 400 on the field, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/shipments?createdFrom=2025-02-30', headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).errors?.createdFrom?.length).toBeGreaterThan(0);
  });
});

describe('security headers', () => {
  it.each([
    ['a JSON answer', { method: 'GET', url: '/healthz' }, 200],
    ['a 401', { method: 'GET', url: '/api/v1/profile' }, 401],
    ['a 404', { method: 'GET', url: '/api/v1/whatever' }, 404],
    ['a 400', { method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/json' }, payload: '{bad' }, 400],
    ['a 415', { method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }, 415],
  ] as const)('are set on %s', async (_label, request, status) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);

    const csp = String(res.headers['content-security-policy'] ?? '');
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name = '', ...sources] = d.split(/\s+/);
          return [name, sources] as const;
        }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // WebAssembly (the scan page's barcode reader) may compile; JavaScript eval may not.
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
