// Every field error answers a stable code beside its translated text (issue 29): `codes` has the
// keys of `errors`, one code per message, the same whatever the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ERROR_CODES, type ErrorBody } from '#shared/contract/errors.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, shipmentPayload } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

type Sent = { method: 'POST' | 'PUT'; url: string; token: string | null; payload: unknown };

async function answerIn(language: string, { method, url, token, payload }: Sent) {
  const res = await t.app.inject({ method, url, headers: { 'accept-language': language, ...(token ? bearer(token) : {}) }, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json<Required<ErrorBody>>() };
}

/** The answer in Slovak and in English: the texts differ, the codes do not; `codes` follows `errors`. */
async function codesOf(sent: Sent, status: number | number[]): Promise<Record<string, string[]>> {
  const sk = await answerIn('sk', sent);
  const en = await answerIn('en', sent);
  expect([status].flat(), JSON.stringify(en.body)).toContain(en.status);
  expect(sk.status).toBe(en.status);
  expect(en.body.codes, JSON.stringify(en.body)).toBeDefined();
  expect(sk.body.codes).toEqual(en.body.codes);
  expect(sk.body.errors).not.toEqual(en.body.errors);
  for (const body of [sk.body, en.body]) {
    expect(Object.keys(body.codes)).toEqual(Object.keys(body.errors));
    for (const [field, list] of Object.entries(body.errors)) expect(body.codes[field], field).toHaveLength(list.length);
    for (const code of Object.values(body.codes).flat()) expect(FIELD_ERROR_CODES).toContain(code);
  }
  return en.body.codes;
}

describe('field error codes', () => {
  const store = { method: 'POST', url: '/api/v1/shipments/store' } as const;

  it('on the send form: the schema checks (400) and the rules of the destination (422)', async () => {
    expect(await codesOf({ ...store, token: userToken, payload: shipmentPayload({ receiver_name: '', receiver_city: '   ', weight: -1 }) }, 400)).toEqual({
      receiver_name: ['required'],
      receiver_city: ['required'],
      weight: ['number.not_positive'],
    });
    expect(await codesOf({ ...store, token: userToken, payload: shipmentPayload({ receiver_postal_code: '1234' }) }, 422)).toEqual({ receiver_postal_code: ['postal_code.invalid'] });
    expect(await codesOf({ ...store, token: userToken, payload: shipmentPayload({ receiver_country: 'FR', receiver_postal_code: '75001', receiver_city: 'Paris' }) }, 422)).toEqual({
      receiver_country: ['country.not_allowed'],
    });
  });

  it('on the admin forms: company and client', async () => {
    const company = {
      ...{ name: '', street: 'Kamenná 4', zip: '010 01', city: 'Žilina', country: 'XX', companyIdentificationNumber: '12345678', taxIdentificationNumber: '2021234567' },
      ...{ vatIdentificationNumber: '', invoiceStreet: '', invoiceCity: '', invoiceZip: '', invoiceCountry: '' },
    };
    expect(await codesOf({ method: 'POST', url: '/api/v1/admin/company', token: adminToken, payload: company }, 400)).toEqual({ name: ['required'], country: ['country.invalid'] });
    const client = { client: { clientId: 'a b', name: '', email: 'nope', phone: '' }, pickup_address: [], company: '00000000-0000-4000-8000-000000000000' };
    expect(await codesOf({ method: 'POST', url: '/api/v1/admin/client/register', token: adminToken, payload: client }, 400)).toEqual({
      'client.clientId': ['client_id.format'],
      'client.name': ['required'],
      'client.email': ['email.invalid'],
    });
  });

  it('at the token endpoint', async () => {
    expect(await codesOf({ method: 'POST', url: '/oauth/token', token: null, payload: { grant_type: 'client_credentials', client_id: ' ' } }, 400)).toEqual({
      client_id: ['required'],
      client_secret: ['required'],
    });
  });

  it("gives the answer's code to entries that are not messages: the item numbers a bulk action refused", async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/store', headers: bearer(userToken), payload: shipmentPayload() });
    const item = created.json<{ shipment: { item_number: string } }>().shipment.item_number;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${item}`, headers: bearer(userToken) })).statusCode).toBe(200);
    for (const language of ['sk', 'en']) {
      const res = await answerIn(language, { method: 'POST', url: '/api/v1/shipments/labels', token: userToken, payload: { layout: 'A4', item_numbers: [item] } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ item_numbers: [item] });
      expect(res.body.codes).toEqual({ item_numbers: ['label.unavailable'] });
    }
  });
});
