// The carrier's administration of client companies: the list, the company with its products,
// bank accounts, clients and pickup addresses, its changes and its history. ADMIN only; the
// carrier's own company is never managed here; every change leaves an audit entry.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankAccountSchema,
  companyHistorySchema,
  companyListSchema,
  companySchema,
  type AuditEntry,
  type BankAccount,
  type Company,
  type CompanyFieldsInput,
  type CompanyListItem,
} from '#shared/contract/admin-companies.ts';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { auditLog, bankAccounts, clients, companies, companyProducts, imports } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createTestApp, DEMO, refreshWith, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

const BASE = '/api/v1/admin/company';
const VALID_IBAN = 'SK3112000000198742637541';

let t: TestApp;
const tokens: Record<'ADMIN' | 'USER' | 'OFFICER' | 'REPORTER', string> = { ADMIN: '', USER: '', OFFICER: '', REPORTER: '' };
/** Zelená Záhrada (demo-user), Bohemia Books (demo-user-2), the carrier (demo-admin). */
let greenGardenId: string;
let bohemiaId: string;
let carrierId: string;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select({ id: companies.id, name: companies.name, isCarrier: companies.isCarrier }).from(companies);
  greenGardenId = rows.find((r) => r.name === 'Zelená Záhrada s.r.o.')!.id;
  bohemiaId = rows.find((r) => r.name === 'Bohemia Books s.r.o.')!.id;
  carrierId = rows.find((r) => r.isCarrier)!.id;
  const secretHash = await hashSecret('role-test-secret');
  for (const role of ['OFFICER', 'REPORTER'] as const) {
    const clientId = `company-test-${role.toLowerCase()}`;
    await t.database.db.insert(clients).values({ companyId: greenGardenId, clientId, secretHash, name: role, email: `${role.toLowerCase()}@example.com`, role });
    tokens[role] = (await signIn(t.app, clientId, 'role-test-secret')).token;
  }
  tokens.USER = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  tokens.ADMIN = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as the admin (or `token`; null: no bearer), in English so that messages can be compared. */
function call(method: Method, url: string, payload?: unknown, token: string | null = tokens.ADMIN) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(token ? bearer(token) : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function expectError(res: LightMyRequestResponse, status: number, error: string, message?: { message: string }) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; message: string }>();
  expect(body.error).toBe(error);
  if (message) expect(body.message).toBe(message.message);
}

/** A 400 whose `errors` name exactly these fields, each with the given message first. */
function expectFieldErrors(res: LightMyRequestResponse, fields: Record<string, { message: string }>) {
  expectError(res, 400, 'validation_failed', messages.invalidRequest);
  const errors = res.json<{ errors: Record<string, string[]> }>().errors;
  expect(Object.keys(errors).sort()).toEqual(Object.keys(fields).sort());
  for (const [field, message] of Object.entries(fields)) expect(errors[field]?.[0], field).toBe(message.message);
}

function detailOf(res: LightMyRequestResponse, status = 200): Company {
  expect(res.statusCode, res.body).toBe(status);
  const body: unknown = res.json();
  const parsed = companySchema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return body as Company;
}

function accountOf(res: LightMyRequestResponse): BankAccount {
  expect(res.statusCode, res.body).toBe(200);
  const body: unknown = res.json();
  expect(bankAccountSchema.safeParse(body).success).toBe(true);
  return body as BankAccount;
}

async function historyOf(companyId: string, query = ''): Promise<{ count: number; entries: AuditEntry[] }> {
  const res = await call('GET', `${BASE}/${companyId}/history${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body: unknown = res.json();
  expect(companyHistorySchema.safeParse(body).success).toBe(true);
  return body as { count: number; entries: AuditEntry[] };
}

/**
 * A valid Slovak company (IČO 12345679: check digit 9, DIČ 2021234567 = 11 · 183748597). These
 * tests create many with the same IČO, so they confirm the duplicate; the duplicate warning has
 * its own tests below.
 */
const companyFields = (overrides: Partial<CompanyFieldsInput> = {}): CompanyFieldsInput => ({
  name: 'Tatra Tools s.r.o.',
  street: 'Kamenná 4',
  zip: '010 01',
  city: 'Žilina',
  country: 'SK',
  companyIdentificationNumber: '12345679',
  taxIdentificationNumber: '2021234567',
  vatIdentificationNumber: 'SK2021234567',
  invoiceStreet: 'Poštová 1',
  invoiceCity: 'Žilina',
  invoiceZip: '010 01',
  invoiceCountry: 'SK',
  confirmDuplicate: true,
  ...overrides,
});

/** Creates a company through the API; answers its detail. */
async function newCompany(overrides: Partial<CompanyFieldsInput> = {}): Promise<Company> {
  return detailOf(await call('POST', BASE, companyFields(overrides)), 201);
}

async function companyRow(id: string) {
  const [row] = await t.database.db.select().from(companies).where(eq(companies.id, id));
  return row;
}

const missingId = randomUUID();

/** Every route with a valid call on Bohemia Books (the access checks come before anything is read). */
const ROUTES: Array<{ name: string; method: Method; url: () => string; payload?: unknown }> = [
  { name: 'list', method: 'GET', url: () => `${BASE}/list` },
  { name: 'create', method: 'POST', url: () => BASE, payload: companyFields() },
  { name: 'detail', method: 'GET', url: () => `${BASE}/${bohemiaId}` },
  { name: 'update', method: 'PUT', url: () => `${BASE}/${bohemiaId}`, payload: companyFields() },
  { name: 'delete', method: 'DELETE', url: () => `${BASE}/${bohemiaId}` },
  { name: 'product add', method: 'POST', url: () => `${BASE}/${bohemiaId}/product?country=SK&product=UTR` },
  { name: 'product remove', method: 'DELETE', url: () => `${BASE}/${bohemiaId}/product?country=SK&product=PRM` },
  { name: 'bank account save', method: 'POST', url: () => `${BASE}/${bohemiaId}/bank-account`, payload: { iban: VALID_IBAN, swift: 'SUBASKBX' } },
  { name: 'bank account update', method: 'POST', url: () => `${BASE}/${bohemiaId}/bank-account/${missingId}`, payload: { iban: VALID_IBAN, swift: 'SUBASKBX' } },
  { name: 'bank account delete', method: 'DELETE', url: () => `${BASE}/${bohemiaId}/bank-account/${missingId}` },
  { name: 'history', method: 'GET', url: () => `${BASE}/${bohemiaId}/history` },
];

describe('access', () => {
  it.each(ROUTES)('$name answers 401 without a bearer token', async ({ method, url, payload }) => {
    const res = await call(method, url(), payload, null);
    expectError(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
  });

  it.each(ROUTES)('$name answers 403 to USER, OFFICER and REPORTER', async ({ method, url, payload }) => {
    for (const role of ['USER', 'OFFICER', 'REPORTER'] as const) {
      const res = await call(method, url(), payload, tokens[role]);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
      expect(res.json<{ error: string }>().error).toBe('forbidden');
    }
    // Nothing was changed on the way: Bohemia Books is as the seed left it.
    const [account] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, bohemiaId));
    expect(account?.iban).toBe('CZ6508000000192000145399');
    expect((await companyRow(bohemiaId))?.name).toBe('Bohemia Books s.r.o.');
  });

  it.each(ROUTES.filter((r) => r.name !== 'list' && r.name !== 'create'))('$name answers 404 for a missing company and for the carrier', async ({ method, url, payload }) => {
    for (const id of [missingId, carrierId]) {
      const res = await call(method, url().replace(bohemiaId, id), payload);
      expectError(res, 404, 'not_found', am.companyNotFound);
    }
    expect(await companyRow(carrierId)).toMatchObject({ name: 'Parcel Portal Operations s.r.o.', isCarrier: true });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    expectFieldErrors(await call('GET', `${BASE}/not-a-uuid`), { id: am.companyNotFound });
  });
});

describe('GET /api/v1/admin/company/list', () => {
  async function list(query = ''): Promise<CompanyListItem[]> {
    const res = await call('GET', `${BASE}/list${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: unknown = res.json();
    expect(companyListSchema.safeParse(body).success).toBe(true);
    return body as CompanyListItem[];
  }
  const names = (rows: CompanyListItem[]) => rows.map((r) => r.name);

  it('gives each card its city, country, IČO and number of clients', async () => {
    const [bohemia] = await list('?name=bohemia');
    expect(bohemia).toMatchObject({ name: 'Bohemia Books s.r.o.', city: 'Brno', country: 'CZ', companyIdentificationNumber: '07654324', clientCount: 1 });
  });

  it('filters accent- and case-insensitively by name and city', async () => {
    expect(names(await list('?name=zelena%20zahrada'))).toEqual(['Zelená Záhrada s.r.o.']);
    expect(names(await list('?name=ZELENÁ'))).toEqual(['Zelená Záhrada s.r.o.']);
    expect(names(await list('?city=zilina'))).toContain('Zelená Záhrada s.r.o.');
    expect(names(await list('?city=BRNO'))).toEqual(['Bohemia Books s.r.o.']);
    expect(names(await list('?country=cz'))).toEqual(['Bohemia Books s.r.o.']);
    expect(names(await list('?name=nothing%20like%20this'))).toEqual([]);
  });

  it("never shows the carrier's own company", async () => {
    const all = await list('?take=1000');
    expect(all.map((r) => r.id)).not.toContain(carrierId);
    expect(await list('?name=parcel%20portal')).toEqual([]);
    expect(await list('?companyIdentificationNumber=50123459')).toEqual([]);
  });

  it('refuses a bad page size', async () => {
    expectFieldErrors(await call('GET', `${BASE}/list?take=0`), { take: messages.invalidValue });
  });
});

describe('POST /api/v1/admin/company', () => {
  it('creates the company (201) with every product empty, and logs it', async () => {
    const company = await newCompany({ country: 'sk', vatIdentificationNumber: '', invoiceStreet: '  ', invoiceCity: null, invoiceZip: undefined, invoiceCountry: '' });
    expect(company).toMatchObject({
      name: 'Tatra Tools s.r.o.',
      country: 'SK',
      vatIdentificationNumber: null,
      invoiceStreet: null,
      invoiceCity: null,
      invoiceZip: null,
      invoiceCountry: null,
      products: { UTR: [], TRC: [], PRM: [], RTN: [] },
      bankAccounts: [],
      clients: [],
      pickupAddresses: [],
      shipmentCount: 0,
    });
    // Empty optional strings are stored as null.
    expect(await companyRow(company.id)).toMatchObject({
      name: 'Tatra Tools s.r.o.',
      city: 'Žilina',
      country: 'SK',
      isCarrier: false,
      vatIdentificationNumber: null,
      invoiceStreet: null,
      invoiceCity: null,
      invoiceZip: null,
      invoiceCountry: null,
    });
    const { count, entries } = await historyOf(company.id);
    expect(count).toBe(1);
    expect(entries[0]).toMatchObject({ actor: 'Martina Kováčová', entity: 'company', entityId: company.id, action: 'create', before: null });
    expect(entries[0]!.after).toMatchObject({ name: 'Tatra Tools s.r.o.', country: 'SK', vatIdentificationNumber: null });
  });

  it('refuses missing and invalid fields with field errors, and creates nothing', async () => {
    const before = await t.database.db.select({ id: companies.id }).from(companies);
    expectFieldErrors(await call('POST', BASE, companyFields({ name: ' ', city: '', country: 'XX' })), {
      name: am.companyNameRequired,
      city: am.cityRequired,
      country: am.countryInvalid,
    });
    // The optional invoice country is a union ('' or a country): its message is the union's own.
    const badInvoiceCountry = await call('POST', BASE, companyFields({ invoiceCountry: 'ZZ' }));
    expectError(badInvoiceCountry, 400, 'validation_failed', messages.invalidRequest);
    expect(Object.keys(badInvoiceCountry.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['invoiceCountry']);
    const { street: _street, companyIdentificationNumber: _cin, taxIdentificationNumber: _tin, ...partial } = companyFields();
    expectFieldErrors(await call('POST', BASE, partial), { street: am.streetRequired, companyIdentificationNumber: am.cinRequired, taxIdentificationNumber: am.tinRequired });
    expect(await t.database.db.select({ id: companies.id }).from(companies)).toHaveLength(before.length);
  });
});

describe('GET /api/v1/admin/company/:id', () => {
  it('answers the company with every product, its bank accounts, clients, pickup addresses and shipment count', async () => {
    const company = detailOf(await call('GET', `${BASE}/${greenGardenId}`));
    expect(company).toMatchObject({
      id: greenGardenId,
      name: 'Zelená Záhrada s.r.o.',
      street: 'Hlinská 25',
      city: 'Žilina',
      zip: '010 01',
      country: 'SK',
      companyIdentificationNumber: '47258365',
      taxIdentificationNumber: '2023456787',
      vatIdentificationNumber: 'SK2023456787',
      invoiceCountry: 'SK',
    });
    expect(company.products).toEqual({
      UTR: ['AT', 'DE'],
      TRC: ['AT', 'CH', 'CZ', 'DE', 'GB', 'HU', 'PL', 'SK'],
      PRM: ['CZ', 'HU', 'PL', 'SK'],
      RTN: ['HU', 'SK'],
    });
    expect(company.bankAccounts).toEqual([{ id: expect.any(String), country: 'SK', iban: VALID_IBAN, swift: 'SUBASKBX', bulkPaymentMode: true }]);
    expect(company.clients.map((c) => c.clientId).sort()).toEqual(['company-test-officer', 'company-test-reporter', 'demo-user']);
    expect(company.clients.find((c) => c.clientId === 'demo-user')).toMatchObject({ name: 'Peter Horváth', role: 'USER', enabled: true });
    expect(company.clients.find((c) => c.clientId === 'demo-user')!.pickupAddressIds).toHaveLength(2);
    expect(company.pickupAddresses.map((a) => a.city).sort()).toEqual(['Bratislava', 'Žilina']);
    expect(company.shipmentCount).toBe(0);
    // A client's secret never leaves the server.
    expect(JSON.stringify(company)).not.toMatch(/secret/i);
  });

  it('lists a company without products with four empty products', async () => {
    const { id } = await newCompany({ name: 'Empty Products s.r.o.' });
    expect(detailOf(await call('GET', `${BASE}/${id}`)).products).toEqual({ UTR: [], TRC: [], PRM: [], RTN: [] });
  });
});

describe('PUT /api/v1/admin/company/:id', () => {
  it('saves the fields and logs only the ones that changed', async () => {
    const created = await newCompany({ name: 'Update Me s.r.o.' });
    const updated = detailOf(await call('PUT', `${BASE}/${created.id}`, companyFields({ name: 'Update Me s.r.o.', city: 'Martin', vatIdentificationNumber: '', invoiceCountry: 'cz' })));
    expect(updated).toMatchObject({ id: created.id, city: 'Martin', vatIdentificationNumber: null, invoiceCountry: 'CZ' });
    expect(await companyRow(created.id)).toMatchObject({ city: 'Martin', vatIdentificationNumber: null, invoiceCountry: 'CZ', street: 'Kamenná 4' });

    const { entries } = await historyOf(created.id);
    expect(entries[0]).toMatchObject({
      actor: 'Martina Kováčová',
      entity: 'company',
      entityId: created.id,
      action: 'update',
      before: { city: 'Žilina', vatIdentificationNumber: 'SK2021234567', invoiceCountry: 'SK' },
      after: { city: 'Martin', vatIdentificationNumber: null, invoiceCountry: 'CZ' },
    });
    expect(Object.keys(entries[0]!.after!).sort()).toEqual(['city', 'invoiceCountry', 'vatIdentificationNumber']);
  });

  it('leaves no history entry for a save that changes nothing', async () => {
    const created = await newCompany({ name: 'Unchanged s.r.o.' });
    detailOf(await call('PUT', `${BASE}/${created.id}`, companyFields({ name: 'Unchanged s.r.o.' })));
    expect((await historyOf(created.id)).count).toBe(1);
  });

  it('refuses invalid fields and changes nothing', async () => {
    expectFieldErrors(await call('PUT', `${BASE}/${bohemiaId}`, companyFields({ name: '', zip: '', country: 'Slovakia' })), {
      name: am.companyNameRequired,
      zip: am.zipRequired,
      country: am.countryInvalid,
    });
    expect((await companyRow(bohemiaId))?.name).toBe('Bohemia Books s.r.o.');
  });

  it('does not change the carrier', async () => {
    expectError(await call('PUT', `${BASE}/${carrierId}`, companyFields({ name: 'Hijacked' })), 404, 'not_found', am.companyNotFound);
    expect((await companyRow(carrierId))?.name).toBe('Parcel Portal Operations s.r.o.');
  });
});

describe('DELETE /api/v1/admin/company/:id', () => {
  it('never deletes a company that has shipments', async () => {
    await createShipment(t.app, tokens.USER);
    expect(detailOf(await call('GET', `${BASE}/${greenGardenId}`)).shipmentCount).toBe(1);
    expectError(await call('DELETE', `${BASE}/${greenGardenId}`), 409, 'conflict', am.companyHasShipments);
    expect(await companyRow(greenGardenId)).toBeDefined();
    expect(await t.database.db.select().from(clients).where(eq(clients.companyId, greenGardenId))).not.toHaveLength(0);
  });

  it('never deletes a company that has imports', async () => {
    const created = await newCompany({ name: 'Importer s.r.o.' });
    const [client] = await t.database.db
      .insert(clients)
      .values({ companyId: created.id, clientId: 'importer-user', secretHash: await hashSecret('importer-secret'), name: 'Importer', email: 'importer@example.com' })
      .returning();
    await t.database.db.insert(imports).values({ companyId: created.id, clientId: client!.id, filename: 'parcels.csv', type: 'csv' });
    expectError(await call('DELETE', `${BASE}/${created.id}`), 409, 'conflict', am.companyHasShipments);
    expect(await companyRow(created.id)).toBeDefined();
  });

  it('deletes a company that never shipped, with its clients, products and bank accounts, and logs it', async () => {
    const created = await newCompany({ name: 'Short Lived s.r.o.' });
    await t.database.db
      .insert(clients)
      .values({ companyId: created.id, clientId: 'short-lived-user', secretHash: await hashSecret('short-lived-secret'), name: 'Short', email: 'short@example.com' });
    detailOf(await call('POST', `${BASE}/${created.id}/product?country=SK&product=PRM`));
    accountOf(await call('POST', `${BASE}/${created.id}/bank-account`, { iban: VALID_IBAN, swift: 'SUBASKBX' }));

    const res = await call('DELETE', `${BASE}/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: am.companyDeleted.message });
    expect(await companyRow(created.id)).toBeUndefined();
    expect(await t.database.db.select().from(clients).where(eq(clients.companyId, created.id))).toEqual([]);
    expect(await t.database.db.select().from(companyProducts).where(eq(companyProducts.companyId, created.id))).toEqual([]);
    expect(await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, created.id))).toEqual([]);
    expectError(await call('GET', `${BASE}/${created.id}`), 404, 'not_found', am.companyNotFound);
    expectError(await call('DELETE', `${BASE}/${created.id}`), 404, 'not_found', am.companyNotFound);

    // Its history stays readable: who deleted it and what it was.
    const { entries } = await historyOf(created.id);
    expect(entries[0]).toMatchObject({ actor: 'Martina Kováčová', entity: 'company', action: 'delete', after: null, before: { name: 'Short Lived s.r.o.', city: 'Žilina' } });
    expect(JSON.stringify(entries)).not.toMatch(/secret/i);
  });
});

describe('products: POST and DELETE /api/v1/admin/company/:id/product', () => {
  const productUrl = (id: string, country: string, product: string) => `${BASE}/${id}/product?country=${country}&product=${product}`;
  const rowsOf = (id: string) =>
    t.database.db.select({ country: companyProducts.country, product: companyProducts.product }).from(companyProducts).where(eq(companyProducts.companyId, id));

  it('adds a product for a country (idempotently) and removes it, each logged once', async () => {
    const created = await newCompany({ name: 'Products s.r.o.' });
    const added = detailOf(await call('POST', productUrl(created.id, 'sk', 'UTR')));
    expect(added.products).toEqual({ UTR: ['SK'], TRC: [], PRM: [], RTN: [] });
    detailOf(await call('POST', productUrl(created.id, 'AT', 'UTR')));
    // Adding a pair the company has is fine and changes nothing.
    expect(detailOf(await call('POST', productUrl(created.id, 'SK', 'UTR'))).products.UTR).toEqual(['AT', 'SK']);
    expect(await rowsOf(created.id)).toHaveLength(2);

    const removed = detailOf(await call('DELETE', productUrl(created.id, 'SK', 'UTR')));
    expect(removed.products.UTR).toEqual(['AT']);
    expect(await rowsOf(created.id)).toEqual([{ country: 'AT', product: 'UTR' }]);

    const { entries } = await historyOf(created.id);
    expect(entries.slice(0, 3).map((e) => [e.entity, e.action, e.entityId])).toEqual([
      ['product', 'delete', 'UTR:SK'],
      ['product', 'create', 'UTR:AT'],
      ['product', 'create', 'UTR:SK'],
    ]);
    expect(entries[0]).toMatchObject({ actor: 'Martina Kováčová', before: { country: 'SK', product: 'UTR' }, after: null });
    expect(entries[2]).toMatchObject({ before: null, after: { country: 'SK', product: 'UTR' } });
  });

  it('answers 404 for removing a pair the company does not have', async () => {
    expectError(await call('DELETE', productUrl(bohemiaId, 'GB', 'RTN')), 404, 'not_found', serverMessages.notFound);
  });

  it('refuses an unknown product or country', async () => {
    expectFieldErrors(await call('POST', productUrl(bohemiaId, 'SK', 'XXX')), { product: am.productInvalid });
    expectFieldErrors(await call('POST', productUrl(bohemiaId, 'QQ', 'PRM')), { country: am.countryInvalid });
    expectFieldErrors(await call('DELETE', `${BASE}/${bohemiaId}/product`), { country: am.countryInvalid, product: am.productInvalid });
    expect(await rowsOf(bohemiaId)).toHaveLength(5);
  });

  it("reaches the client's token data.products at its next sign-in and refresh", async () => {
    const first = await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret);
    const tokenOf = async (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TokenResponse>();
    };
    const signedIn = await tokenOf(await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: DEMO.user2.clientId, client_secret: DEMO.user2.secret } }));
    expect(signedIn.data.products.SK?.sort()).toEqual(['PRM', 'TRC']);
    expect(signedIn.data.products.AT).toBeUndefined();

    detailOf(await call('POST', productUrl(bohemiaId, 'SK', 'UTR')));
    detailOf(await call('POST', productUrl(bohemiaId, 'AT', 'RTN')));
    const again = await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret);
    const afterAdd = await tokenOf(await refreshWith(t.app, again.refreshCookie));
    expect(afterAdd.data.products.SK?.sort()).toEqual(['PRM', 'TRC', 'UTR']);
    expect(afterAdd.data.products.AT).toEqual(['RTN']);

    detailOf(await call('DELETE', productUrl(bohemiaId, 'SK', 'UTR')));
    detailOf(await call('DELETE', productUrl(bohemiaId, 'AT', 'RTN')));
    // The earlier session's refresh reads the products afresh too.
    const refreshed = await tokenOf(await refreshWith(t.app, first.refreshCookie));
    expect(refreshed.data.products.SK?.sort()).toEqual(['PRM', 'TRC']);
    expect(refreshed.data.products.AT).toBeUndefined();
  });
});

describe('bank accounts', () => {
  const saveUrl = (companyId: string) => `${BASE}/${companyId}/bank-account`;
  const accountUrl = (companyId: string, id: string) => `${BASE}/${companyId}/bank-account/${id}`;
  const accountRow = async (id: string) => (await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.id, id)))[0];

  it('adds an account: IBAN in its electronic form, the country its first two letters, logged', async () => {
    const created = await newCompany({ name: 'Banking s.r.o.' });
    // The same IBAN as Zelená Záhrada's: each company holds an IBAN once, not the whole portal.
    const account = accountOf(await call('POST', saveUrl(created.id), { iban: 'sk31 1200 0000 1987 4263 7541', swift: 'subaskbx', bulkPaymentMode: true }));
    expect(account).toEqual({ id: expect.any(String), country: 'SK', iban: VALID_IBAN, swift: 'SUBASKBX', bulkPaymentMode: true });
    expect(await accountRow(account.id)).toMatchObject({ companyId: created.id, iban: VALID_IBAN, swift: 'SUBASKBX', bulkPaymentMode: true });

    const second = accountOf(await call('POST', saveUrl(created.id), { iban: 'CZ6508000000192000145399', swift: 'GIBACZPX' }));
    expect(second).toMatchObject({ country: 'CZ', bulkPaymentMode: false });
    // Oldest first in the detail.
    expect(detailOf(await call('GET', `${BASE}/${created.id}`)).bankAccounts.map((a) => a.id)).toEqual([account.id, second.id]);

    const { entries } = await historyOf(created.id);
    expect(entries[1]).toMatchObject({
      actor: 'Martina Kováčová',
      entity: 'bank_account',
      entityId: account.id,
      action: 'create',
      before: null,
      after: { iban: VALID_IBAN, swift: 'SUBASKBX', bulkPaymentMode: true },
    });
  });

  it('refuses wrong check digits, a wrong length for the country and a bad BIC', async () => {
    const count = async () => (await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, bohemiaId))).length;
    const before = await count();
    // Check digits 32 instead of 31: mod-97 fails.
    expectFieldErrors(await call('POST', saveUrl(bohemiaId), { iban: 'SK3212000000198742637541', swift: 'SUBASKBX' }), { iban: am.ibanInvalid });
    // A digit short: Slovak IBANs have 24 characters.
    expectFieldErrors(await call('POST', saveUrl(bohemiaId), { iban: 'SK311200000019874263754', swift: 'SUBASKBX' }), { iban: am.ibanInvalid });
    // Well-formed, but XX is no country.
    expectFieldErrors(await call('POST', saveUrl(bohemiaId), { iban: VALID_IBAN, swift: 'SUBAXXBX' }), { swift: am.swiftInvalid });
    expectFieldErrors(await call('POST', saveUrl(bohemiaId), { iban: 'not an iban', swift: 'SUB' }), { iban: am.ibanInvalid, swift: am.swiftInvalid });
    expectFieldErrors(await call('POST', saveUrl(bohemiaId), { iban: '', swift: '' }), { iban: am.ibanRequired, swift: am.swiftRequired });
    expectFieldErrors(await call('POST', saveUrl(bohemiaId), {}), { iban: am.ibanRequired, swift: am.swiftRequired });
    expect(await count()).toBe(before);
  });

  it('refuses the same IBAN twice in one company (409)', async () => {
    const created = await newCompany({ name: 'Duplicates s.r.o.' });
    accountOf(await call('POST', saveUrl(created.id), { iban: VALID_IBAN, swift: 'SUBASKBX' }));
    expectError(await call('POST', saveUrl(created.id), { iban: 'SK31 1200 0000 1987 4263 7541', swift: 'TATRSKBX' }), 409, 'conflict', am.bankAccountDuplicate);
    // Nor by changing another account to it.
    const other = accountOf(await call('POST', saveUrl(created.id), { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' }));
    expectError(await call('POST', accountUrl(created.id, other.id), { iban: VALID_IBAN, swift: 'SUBASKBX' }), 409, 'conflict', am.bankAccountDuplicate);
    expect(await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, created.id))).toHaveLength(2);
  });

  it('updates an account by the body id or the path id, logging only what changed', async () => {
    const created = await newCompany({ name: 'Updates s.r.o.' });
    const account = accountOf(await call('POST', saveUrl(created.id), { iban: VALID_IBAN, swift: 'SUBASKBX' }));

    const byBody = accountOf(await call('POST', saveUrl(created.id), { id: account.id, iban: VALID_IBAN, swift: 'SUBASKBX', bulkPaymentMode: true }));
    expect(byBody).toEqual({ ...account, bulkPaymentMode: true });
    // Keeping its own IBAN is not a duplicate.
    const byPath = accountOf(await call('POST', accountUrl(created.id, account.id), { iban: 'CZ6508000000192000145399', swift: 'GIBACZPX', bulkPaymentMode: true }));
    expect(byPath).toEqual({ id: account.id, country: 'CZ', iban: 'CZ6508000000192000145399', swift: 'GIBACZPX', bulkPaymentMode: true });
    expect(await accountRow(account.id)).toMatchObject({ iban: 'CZ6508000000192000145399', swift: 'GIBACZPX', bulkPaymentMode: true });
    expect(await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, created.id))).toHaveLength(1);

    const { entries } = await historyOf(created.id);
    expect(entries[0]).toMatchObject({
      entity: 'bank_account',
      entityId: account.id,
      action: 'update',
      before: { iban: VALID_IBAN, swift: 'SUBASKBX' },
      after: { iban: 'CZ6508000000192000145399', swift: 'GIBACZPX' },
    });
    expect(entries[1]).toMatchObject({ action: 'update', before: { bulkPaymentMode: false }, after: { bulkPaymentMode: true } });
    expect(Object.keys(entries[1]!.after!)).toEqual(['bulkPaymentMode']);

    // An unchanged save answers the account and leaves no entry.
    accountOf(await call('POST', accountUrl(created.id, account.id), { iban: 'CZ6508000000192000145399', swift: 'GIBACZPX', bulkPaymentMode: true }));
    expect((await historyOf(created.id)).count).toBe(entries.length);
  });

  it("answers 404 for another company's account, a missing one and a malformed body id", async () => {
    const [greenAccount] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, greenGardenId));
    const payload = { iban: 'CZ6508000000192000145399', swift: 'GIBACZPX' };
    expectError(await call('POST', accountUrl(bohemiaId, greenAccount!.id), payload), 404, 'not_found', am.bankAccountNotFound);
    expectError(await call('POST', saveUrl(bohemiaId), { ...payload, id: greenAccount!.id }), 404, 'not_found', am.bankAccountNotFound);
    expectError(await call('POST', saveUrl(bohemiaId), { ...payload, id: 'nope' }), 404, 'not_found', am.bankAccountNotFound);
    expectError(await call('POST', accountUrl(bohemiaId, missingId), payload), 404, 'not_found', am.bankAccountNotFound);
    expectError(await call('DELETE', accountUrl(bohemiaId, greenAccount!.id)), 404, 'not_found', am.bankAccountNotFound);
    expectFieldErrors(await call('DELETE', accountUrl(bohemiaId, 'not-a-uuid')), { ibanId: am.bankAccountNotFound });
    expect(await accountRow(greenAccount!.id)).toMatchObject({ iban: VALID_IBAN, companyId: greenGardenId });
  });

  it('deletes an account and logs what it was', async () => {
    const created = await newCompany({ name: 'Deletes s.r.o.' });
    const account = accountOf(await call('POST', saveUrl(created.id), { iban: VALID_IBAN, swift: 'SUBASKBX' }));
    const res = await call('DELETE', accountUrl(created.id, account.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toMatch(/\S/);
    expect(await accountRow(account.id)).toBeUndefined();
    expectError(await call('DELETE', accountUrl(created.id, account.id)), 404, 'not_found', am.bankAccountNotFound);
    const { entries } = await historyOf(created.id);
    expect(entries[0]).toMatchObject({ entity: 'bank_account', entityId: account.id, action: 'delete', before: { iban: VALID_IBAN, swift: 'SUBASKBX', bulkPaymentMode: false }, after: null });
  });
});

describe('GET /api/v1/admin/company/:id/history', () => {
  it('pages the history newest first, with who did what', async () => {
    const created = await newCompany({ name: 'History s.r.o.' });
    detailOf(await call('PUT', `${BASE}/${created.id}`, companyFields({ name: 'History s.r.o.', zip: '010 02' })));
    detailOf(await call('POST', `${BASE}/${created.id}/product?country=CZ&product=PRM`));
    accountOf(await call('POST', `${BASE}/${created.id}/bank-account`, { iban: VALID_IBAN, swift: 'SUBASKBX' }));

    const all = await historyOf(created.id);
    expect(all.count).toBe(4);
    expect(all.entries.map((e) => `${e.entity}:${e.action}`)).toEqual(['bank_account:create', 'product:create', 'company:update', 'company:create']);
    expect(all.entries.every((e) => e.actor === 'Martina Kováčová' && !Number.isNaN(Date.parse(e.at)))).toBe(true);
    const page = await historyOf(created.id, '?skip=1&take=2');
    expect(page.count).toBe(4);
    expect(page.entries.map((e) => e.id)).toEqual(all.entries.slice(1, 3).map((e) => e.id));

    // Each entry is filed under its company and only that company's history shows it.
    const filed = await t.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, created.id)));
    expect(filed).toHaveLength(4);
    expect((await historyOf(bohemiaId)).entries.map((e) => e.entityId)).not.toContain(created.id);
  });

  it('refuses a bad page', async () => {
    expectFieldErrors(await call('GET', `${BASE}/${bohemiaId}/history?take=0&skip=-1`), { take: messages.invalidValue, skip: messages.invalidValue });
  });
});
