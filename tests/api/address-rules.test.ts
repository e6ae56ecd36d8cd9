// Issue 31, "Addresses and identifiers checked like the recipient's": a company's and a pickup
// address's postal code and phone follow the recipient's rules (one owner:
// src/shared/domain/address-rules.ts), the company's IČO, DIČ and IČ DPH their country's formats
// and check digits (src/shared/domain/company-ids.ts), a duplicate IČO is a warning that the
// request confirms (README note 119). Old rows that fail the rules are still read; only writes
// are checked.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, CompanyFieldsInput } from '#shared/contract/admin-companies.ts';
import type { AdminPickupAddress } from '#shared/contract/admin-pickup-addresses.ts';
import { icoCheckDigit } from '#shared/domain/company-ids.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { companies, pickupAddresses } from '#server/db/schema.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

const BASE = '/api/v1/admin/company';
let t: TestApp;
let adminToken: string;
let greenGardenId: string;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select({ id: companies.id, name: companies.name }).from(companies);
  greenGardenId = rows.find((r) => r.name === 'Zelená Záhrada s.r.o.')!.id;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language = 'en') {
  return t.app.inject({ method, url, headers: { 'accept-language': language, ...bearer(adminToken) }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
}

/** A valid IČO per call (3100000n and its check digit, computed), so that no two companies share one. */
let nextIco = 0;
const freshIco = () => {
  const first = String(3_100_000 + nextIco++);
  return first + icoCheckDigit(first);
};

const company = (overrides: Partial<CompanyFieldsInput> = {}): CompanyFieldsInput => ({
  name: 'Tatra Poprad s.r.o.',
  street: 'Levočská 3',
  zip: '058 01',
  city: 'Poprad',
  country: 'SK',
  companyIdentificationNumber: freshIco(),
  taxIdentificationNumber: '2021234567',
  vatIdentificationNumber: 'SK2021234567',
  ...overrides,
});

/** A 400 whose `errors` hold exactly these fields, each with the given text first. */
function expectFieldErrors(res: LightMyRequestResponse, fields: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ error: string; errors: Record<string, string[]>; codes: Record<string, string[]> }>();
  expect(body.error).toBe('validation_failed');
  expect(Object.keys(body.errors).sort()).toEqual(Object.keys(fields).sort());
  for (const [field, message] of Object.entries(fields)) expect(body.errors[field]?.[0], field).toBe(message);
  return body;
}

async function companyCount() {
  return (await t.database.db.select({ id: companies.id }).from(companies)).length;
}

describe('a company: postal codes and identifiers by its country', () => {
  it.each([
    ['ABC', 'SK'],
    ['1234', 'SK'],
    ['123456', 'CZ'],
  ])('refuses ZIP %j in %s with a field error, on create and on update', async (zip, country) => {
    const before = await companyCount();
    const ids = country === 'CZ' ? { taxIdentificationNumber: 'CZ45274649', vatIdentificationNumber: 'CZ45274649' } : {};
    const body = expectFieldErrors(await call('POST', BASE, company({ zip, country, ...ids })), { zip: am.zipInvalid.message });
    expect(body.codes.zip).toEqual(['postal_code.invalid']);
    expect(await companyCount()).toBe(before);
    expectFieldErrors(await call('PUT', `${BASE}/${greenGardenId}`, company({ zip, country, ...ids, confirmDuplicate: true })), { zip: am.zipInvalid.message });
  });

  it('checks the invoice ZIP by the invoice country, else by the company country', async () => {
    expectFieldErrors(await call('POST', BASE, company({ invoiceStreet: 'Hlavná 1', invoiceCity: 'Poprad', invoiceZip: 'ABC' })), { invoiceZip: am.zipInvalid.message });
    expectFieldErrors(await call('POST', BASE, company({ invoiceZip: '10115', invoiceCountry: 'AT' })), { invoiceZip: am.zipInvalid.message });
    const created = await call('POST', BASE, company({ invoiceStreet: 'Unter den Linden 1', invoiceCity: 'Berlin', invoiceZip: '10117', invoiceCountry: 'DE' }));
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses IČO abc, a wrong IČO check digit, a DIČ not divisible by 11 and a malformed IČ DPH', async () => {
    expectFieldErrors(await call('POST', BASE, company({ companyIdentificationNumber: 'abc' })), { companyIdentificationNumber: am.cinFormat.message });
    const wrongDigit = expectFieldErrors(await call('POST', BASE, company({ companyIdentificationNumber: '12345678' })), { companyIdentificationNumber: am.cinCheck.message });
    expect(wrongDigit.codes.companyIdentificationNumber).toEqual(['company_id.check_digit']);
    expectFieldErrors(await call('POST', BASE, company({ taxIdentificationNumber: '2021234568' })), { taxIdentificationNumber: am.tinCheck.message });
    expectFieldErrors(await call('POST', BASE, company({ vatIdentificationNumber: '2021234567' })), { vatIdentificationNumber: am.vatFormat.message });
    expectFieldErrors(await call('POST', BASE, company({ country: 'CZ', zip: '602 00', taxIdentificationNumber: '45274649', vatIdentificationNumber: '' })), {
      taxIdentificationNumber: am.tinFormatCz.message,
    });
    expectFieldErrors(await call('PUT', `${BASE}/${greenGardenId}`, company({ companyIdentificationNumber: '47258369' })), { companyIdentificationNumber: am.cinCheck.message });
  });

  it('answers the field errors in the caller’s language (Slovak)', async () => {
    const body = expectFieldErrors(await call('POST', BASE, company({ zip: 'ABC', companyIdentificationNumber: 'abc' }), 'sk'), {
      zip: 'PSČ nezodpovedá formátu krajiny',
      companyIdentificationNumber: 'Slovenské alebo české IČO má 8 číslic',
    });
    expect(body.codes).toEqual({ zip: ['postal_code.invalid'], companyIdentificationNumber: ['company_id.invalid'] });
  });

  it('stores the ZIP and identifiers normalised: "05801" as "058 01", an IČO without its spaces', async () => {
    const res = await call(
      'POST',
      BASE,
      company({ zip: '05801', companyIdentificationNumber: '35 757 442', taxIdentificationNumber: '2021 234 567', vatIdentificationNumber: 'sk2021234567' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<Company>();
    expect(saved).toMatchObject({ zip: '058 01', companyIdentificationNumber: '35757442', taxIdentificationNumber: '2021234567', vatIdentificationNumber: 'SK2021234567' });
  });

  it('takes other countries’ identifiers by a sane format and their VAT ID by the EU format', async () => {
    const ok = await call(
      'POST',
      BASE,
      company({ country: 'AT', zip: '1070', companyIdentificationNumber: 'FN 123456a', taxIdentificationNumber: '12 345/6789', vatIdentificationNumber: 'ATU12345678' }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expectFieldErrors(
      await call(
        'POST',
        BASE,
        company({ country: 'AT', zip: '1070', companyIdentificationNumber: 'abc', taxIdentificationNumber: '12 345/6789', vatIdentificationNumber: 'AT12345678' }),
      ),
      {
        companyIdentificationNumber: am.idInvalid.message,
        vatIdentificationNumber: am.vatFormat.message,
      },
    );
  });
});

describe('a duplicate IČO is a warning the request confirms', () => {
  it('answers 409 naming the company that has it, and saves with confirmDuplicate', async () => {
    const before = await companyCount();
    const res = await call('POST', BASE, company({ name: 'Zelená Záhrada – pobočka', companyIdentificationNumber: '47 258 365' }));
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<{ error: string; message: string; errors: Record<string, string[]>; codes: Record<string, string[]> }>();
    expect(body.error).toBe('conflict');
    expect(body.message).toContain('Zelená Záhrada s.r.o.');
    expect(body.errors).toEqual({ companyIdentificationNumber: [am.cinDuplicate.message] });
    expect(body.codes).toEqual({ companyIdentificationNumber: ['company_id.duplicate'] });
    expect(await companyCount()).toBe(before);

    const confirmed = await call('POST', BASE, company({ name: 'Zelená Záhrada – pobočka', companyIdentificationNumber: '47258365', confirmDuplicate: true }));
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await companyCount()).toBe(before + 1);
  });

  it('does not warn for the same digits in another country, nor when an update keeps the IČO', async () => {
    // Bohemia Books (CZ) has 07654324; a Slovak company may have the same digits.
    const slovak = await call('POST', BASE, company({ companyIdentificationNumber: '07654324' }));
    expect(slovak.statusCode, slovak.body).toBe(201);
    const id = slovak.json<Company>().id;
    const [bohemia] = await t.database.db.select().from(companies).where(eq(companies.name, 'Bohemia Books s.r.o.'));
    expect(bohemia?.companyIdentificationNumber).toBe('07654324');
    // Saved again with its own IČO: no warning about itself.
    const again = await call('PUT', `${BASE}/${id}`, company({ companyIdentificationNumber: '07654324', city: 'Kežmarok', zip: '060 01' }));
    expect(again.statusCode, again.body).toBe(200);
    // Changed to another company's IČO: the warning.
    const taken = await call('PUT', `${BASE}/${id}`, company({ companyIdentificationNumber: '47258365' }));
    expect(taken.statusCode, taken.body).toBe(409);
  });
});

describe('old rows that fail the rules', () => {
  it('are still read; a write checks them', async () => {
    const [legacy] = await t.database.db
      .insert(companies)
      .values({ name: 'Legacy s.r.o.', street: 'Stará 1', city: 'Poprad', zip: 'ABC', country: 'SK', companyIdentificationNumber: 'abc', taxIdentificationNumber: '1' })
      .returning({ id: companies.id });
    const [address] = await t.database.db
      .insert(pickupAddresses)
      .values({
        companyId: legacy!.id,
        contactPerson: 'X',
        street: 'Stará 1',
        zip: '1234',
        city: 'Poprad',
        country: 'SK',
        email: 'x@example.com',
        phone: '0905 123 456',
        pickupDays: 0,
      })
      .returning({ id: pickupAddresses.id });
    const read = await call('GET', `${BASE}/${legacy!.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Company>()).toMatchObject({ zip: 'ABC', companyIdentificationNumber: 'abc' });
    expect(read.json<Company>().pickupAddresses).toMatchObject([{ id: address!.id, zip: '1234', phone: '0905 123 456' }]);
    const write = await call('PUT', `${BASE}/${legacy!.id}`, company({ name: 'Legacy s.r.o.', zip: 'ABC', companyIdentificationNumber: 'abc' }));
    expect(write.statusCode).toBe(400);
  });
});

describe('a pickup address: postal code and phone like the recipient’s', () => {
  const saveUrl = () => `${BASE}/${greenGardenId}/pickup-address`;
  const address = (overrides: Record<string, unknown> = {}) => ({
    contactPerson: 'Eva Malá',
    street: 'Nábrežná 7',
    zip: '949 01',
    city: 'Nitra',
    country: 'SK',
    email: 'eva.mala@example.com',
    phone: '+421905000111',
    regularPickup: false,
    pickupDays: 0,
    ...overrides,
  });

  it.each(['ABC', '1234'])('refuses ZIP %j for Slovakia on create and update', async (zip) => {
    const before = (await t.database.db.select({ id: pickupAddresses.id }).from(pickupAddresses)).length;
    expectFieldErrors(await call('POST', saveUrl(), { pickupAddress: address({ zip }), clientIds: [] }), { 'pickupAddress.zip': am.zipInvalid.message });
    expect(await t.database.db.select({ id: pickupAddresses.id }).from(pickupAddresses)).toHaveLength(before);
    const [existing] = await t.database.db.select().from(pickupAddresses).where(eq(pickupAddresses.street, 'Priemyselná 12'));
    expectFieldErrors(await call('POST', saveUrl(), { pickupAddress: address({ id: existing!.id, zip }), clientIds: [] }), { 'pickupAddress.zip': am.zipInvalid.message });
  });

  it('refuses a phone that is no number, with a field error', async () => {
    const body = expectFieldErrors(await call('POST', saveUrl(), { pickupAddress: address({ phone: '0905 ABC 456' }), clientIds: [] }), {
      'pickupAddress.phone': am.phoneInvalid.message,
    });
    expect(body.codes['pickupAddress.phone']).toEqual(['phone.invalid']);
  });

  it('stores the phone 0905 123 456 of a Slovak address as +421905123456 and the ZIP 94901 as 949 01', async () => {
    const res = await call('POST', saveUrl(), { pickupAddress: address({ phone: '0905 123 456', zip: '94901' }), clientIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<AdminPickupAddress>();
    expect(saved).toMatchObject({ phone: '+421905123456', zip: '949 01' });
    const [row] = await t.database.db.select().from(pickupAddresses).where(eq(pickupAddresses.id, saved.id));
    expect(row).toMatchObject({ phone: '+421905123456', zip: '949 01' });
    // An update normalises too: a Czech number written nationally.
    const updated = await call('POST', saveUrl(), { pickupAddress: address({ id: saved.id, country: 'CZ', zip: '60200', phone: '602 345 678' }), clientIds: [] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<AdminPickupAddress>()).toMatchObject({ phone: '+420602345678', zip: '602 00', country: 'CZ' });
  });
});
