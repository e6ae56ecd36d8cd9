// Bad input answers 4xx in the error shape, never 500; security headers on every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARTNER_KEY } from '#server/db/seed-demo.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { createShipment, shipmentPayload } from './shipments-fixtures.ts';

const BODY_LIMIT = 1024;

let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp({ bodyLimit: BODY_LIMIT });
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
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

const postToken = (payload: string, contentType = 'application/json') => t.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': contentType }, payload });

describe('request bodies', () => {
  it.each(['{bad', '{"grant_type": "client_credentials",', '', "{'single': 'quotes'}"])('answers malformed JSON %j with 400 malformed_body', async (payload) => {
    const res = await postToken(payload);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).error).toBe('malformed_body');
  });

  it('answers an oversized JSON body with 413 body_too_large (issue 30: the status says what is wrong)', async () => {
    const payload = JSON.stringify({ grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: 'a'.repeat(4096) });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(BODY_LIMIT);
    const res = await postToken(payload);
    expect(res.statusCode).toBe(413);
    expect(errorBody(res).error).toBe('body_too_large');
  });

  it('answers an oversized form-encoded body with 413 body_too_large', async () => {
    const payload = new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: 'b'.repeat(4096) }).toString();
    const res = await postToken(payload, 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(413);
    expect(errorBody(res).error).toBe('body_too_large');
  });

  it('accepts a body just under the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: DEMO.user.secret },
    });
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: 'c'.repeat(201), client_secret: 's'.repeat(201) },
    });
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

const UNSAFE = 'This value contains invisible control characters. Remove them and try again.';

/** A 400 naming `field` with the control-character message. */
function refusedField(res: Res, field: string, code = 'validation_failed') {
  expect(res.statusCode, res.body).toBe(400);
  const body = errorBody(res);
  expect(body.error).toBe(code);
  expect(body.errors?.[field]).toContain(UNSAFE);
}

describe('control characters, lone surrogates and bidi overrides (once 500: PostgreSQL refuses NUL)', () => {
  const user = () => ({ authorization: `Bearer ${userToken}` });

  it.each([
    ['a NUL in a shipment number', '/api/v1/shipments/%00', 'item_number'],
    ['a NUL in a label number', '/api/v1/shipments/getLabel/%00', 'item_number'],
    ['a shipment (another C0 control)', '/api/v1/shipments/A%01B', 'item_number'],
    ['a NUL in a pickup point id', '/api/v1/pickup-points/%00', 'id'],
    ['a NUL in a list filter', '/api/v1/shipments?reference_number=a%00b', 'reference_number'],
    ['a NUL in the pickup-point search', '/api/v1/pickup-points?country=SK&q=%00', 'q'],
    ['a NUL in the tracking lookup', '/api/v1/shipments/track?tracking_number=RR%00', 'tracking_number'],
    ['a bidi override in a filter', '/api/v1/shipments?item_number=%E2%80%AE123', 'item_number'],
  ])('refuses %s with 400 on the field', async (_label, url, field) => {
    refusedField(await t.app.inject({ method: 'GET', url, headers: user() }), field);
  });

  it('refuses a NUL in the public tracking page lookup and its postal code', async () => {
    refusedField(await t.app.inject({ method: 'GET', url: '/api/v1/tracking/%00' }), 'tracking_number');
    refusedField(await t.app.inject({ method: 'GET', url: '/api/v1/tracking/RR123456785SK?zip=81%00101' }), 'zip');
  });

  it('refuses a NUL in the admin company filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/company/list?name=%00', headers: { authorization: `Bearer ${adminToken}` } });
    refusedField(res, 'name');
  });

  it('refuses a NUL in client_id with invalid_request (RFC 6749), JSON or form-encoded', async () => {
    refusedField(await postToken(JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user\u0000', client_secret: 'x' })), 'client_id', 'invalid_request');
    refusedField(await postToken('grant_type=client_credentials&client_id=%00&client_secret=x', 'application/x-www-form-urlencoded'), 'client_id', 'invalid_request');
  });

  it.each([
    ['NUL', '\u0000'],
    ['a C0 control', '\u0007'],
    ['a C1 control', '\u0085'],
    ['a lone surrogate', '\ud800'],
    ['a right-to-left override', '\u202e'],
    ['a first-strong isolate', '\u2068'],
  ])('refuses %s in a receiver field of the send form', async (_label, character) => {
    const payload = JSON.stringify(shipmentPayload({ receiver_name: `Ján${character}Novák` }));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/store', headers: { ...user(), 'content-type': 'application/json' }, payload });
    refusedField(res, 'receiver_name');
  });

  it('reads a tab or a line break inside a single-line field as a space (spreadsheet cells, pasted text)', async () => {
    const shipment = await createShipment(t.app, userToken, { receiver_name: 'Ján\tNovák', receiver_address_line_1: 'Obchodná\r\n12' });
    expect(shipment.receiver_name).toBe('Ján Novák');
    expect(shipment.receiver_address_line_1).toBe('Obchodná 12');
  });

  it('refuses a NUL in an import file name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipments/import',
      headers: user(),
      payload: { type: 'csv', filename: 'a\u0000.csv', file: Buffer.from('a;b\n1;2\n').toString('base64') },
    });
    refusedField(res, 'filename');
  });

  it('refuses a control character in a header the server reads (the partner key id)', async () => {
    const raw = JSON.stringify({ events: [] });
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/partner/events',
      headers: {
        'content-type': 'application/json',
        'x-partner-key': `${DEMO_PARTNER_KEY.id}\u0001`,
        'x-partner-timestamp': String(timestamp),
        'x-partner-signature': signPartnerRequest(DEMO_PARTNER_KEY.secret, timestamp, raw),
      },
      payload: raw,
    });
    refusedField(res, 'x-partner-key');
  });

  it('refuses a NUL in a signed partner event', async () => {
    const raw = JSON.stringify({ events: [{ event_id: 'e\u0000', tracking_number: 'RR123456785SK', code: 'IN_TRANSIT', occurred_at: new Date().toISOString() }] });
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/partner/events',
      headers: {
        'content-type': 'application/json',
        'x-partner-key': DEMO_PARTNER_KEY.id,
        'x-partner-timestamp': String(timestamp),
        'x-partner-signature': signPartnerRequest(DEMO_PARTNER_KEY.secret, timestamp, raw),
      },
      payload: raw,
    });
    refusedField(res, 'events.0.event_id');
  });

  it('refuses a pickup-point list row holding a NUL instead of failing the import', async () => {
    const point = {
      id: 'PT10001',
      name: 'Box\u0000',
      type: 'PT',
      street: 'Hlavná 1',
      city: 'Bratislava',
      zip: '81101',
      country: 'SK',
      latitude: 48.1,
      longitude: 17.1,
      opening_hours: { mon: '08:00-18:00' },
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/pickup-points/import',
      headers: { authorization: `Bearer ${adminToken}` },
      // The route has its own body limit (above this file's 1 KiB).
      payload: { partner_id: 3, format: 'json', filename: 'points.json', file: Buffer.from(JSON.stringify([point])).toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ rejected: number; rejected_rows: Array<{ field: string }> }>()).toMatchObject({ rejected: 1, rejected_rows: [{ field: 'name' }] });
  });
});

describe('days out of range (once 500: PostgreSQL has no year 0)', () => {
  const RANGE = 'Enter a date between the years 2000 and 2099';

  it.each(['0000-01-01', '1999-12-31', '2100-01-01', '9999-12-31'])('refuses createdFrom=%s with 400 on the field', async (day) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments?createdFrom=${day}`, headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).errors?.createdFrom).toEqual([RANGE]);
  });

  it('accepts the first and the last day of the range', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/shipments?createdFrom=2000-01-01&createdTo=2099-12-31', headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a depot export period from year 0', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/shipments/parcel-status?dateFrom=0000-01-01&dateTo=2025-01-01',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).errors?.dateFrom).toEqual([RANGE]);
  });

  it('refuses a report from year 0', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/shipments/report',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { type: 'DAILY', from_date: '0000-01-01', to_date: '0000-01-02' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorBody(res).errors ?? {})).toContain('from_date');
  });
});

describe('integer ids beyond the database column (once 500: integer out of range)', () => {
  const admin = () => ({ authorization: `Bearer ${adminToken}` });

  it('refuses a partner priority for partner 2^31 with 400 on the field', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/partner', headers: admin(), payload: { partnerId: 2 ** 31, priority: 3 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(errorBody(res).errors ?? {})).toEqual(['partnerId']);
  });

  it('refuses a pickup-point list for partner 2^31 with 400 on the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/pickup-points/import',
      headers: admin(),
      payload: { partner_id: 2 ** 31, format: 'json', filename: 'p.json', file: Buffer.from('[]').toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(errorBody(res).errors ?? {})).toEqual(['partner_id']);
  });

  it('refuses a manifest for partner 2^31 with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/manifests/generate',
      headers: admin(),
      payload: { pickup_address_id: '00000000-0000-4000-8000-000000000000', partner_id: 2 ** 31 },
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('paths the router cannot read (Fastify answered its own body)', () => {
  it.each(['/api/v1/shipments/%ZZ', '/api/v1/shipments/%E9', '/api/v1/shipments/%ED%A0%80', '/api/v1/tracking/%', `/api/v1/shipments/${'x'.repeat(500)}`])(
    'answers %s with 400 in the error shape',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` } });
      expect(res.statusCode).toBe(400);
      const body = errorBody(res);
      expect(body).toEqual({ error: 'invalid_request', message: 'The address of this request is not valid.' });
    },
  );
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
