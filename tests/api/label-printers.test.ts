// Printer profiles (issue 33): a client sets the printer a pickup address's labels print on, the
// carrier's admin sets the company's; every client of the company reads both (the addresses'
// list and the profile), so each device that follows the profiles prints in that format.
// Each change is audited; a reader (REPORTER) may not change it; bad values answer 400 on the field.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '#shared/contract/admin-companies.ts';
import type { PickupAddress } from '#shared/contract/pickup-addresses.ts';
import type { Profile } from '#shared/contract/profile.ts';
import { auditLog, clients } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;
let reporterToken: string;
let companyId: string;
let address: PickupAddress;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  companyId = user!.companyId;
  await t.database.db
    .insert(clients)
    .values({ companyId, clientId: 'printer-reader', secretHash: await hashSecret('Reader-Secret-41'), name: 'Reader', email: 'reader@example.com', role: 'REPORTER' });
  reporterToken = (await signIn(t.app, 'printer-reader', 'Reader-Secret-41')).token;
  const [first] = await addressesOf(userToken);
  if (!first) throw new Error('the demo user has no pickup address');
  address = first;
});

afterAll(async () => {
  await t?.close();
});

async function addressesOf(token: string): Promise<PickupAddress[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/pickup-addresses', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PickupAddress[]>();
}
const setAddressPrinter = (token: string, id: string, labelPrinter: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/profile/pickup-addresses/${id}/label-printer`, headers: bearer(token), payload: { labelPrinter } });
const setCompanyPrinter = (token: string, id: string, labelPrinter: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/company/${id}/label-printer`, headers: bearer(token), payload: { labelPrinter } });
const profileOf = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) })).json<Profile>();
const lastEntryOf = async (entityId: string) => (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(desc(auditLog.id)).limit(1))[0];

describe('a pickup address’s label printer', () => {
  it('starts unset: the company’s printer applies', async () => {
    expect(address.labelPrinter).toBeNull();
    expect((await profileOf(userToken)).company.label_printer).toBeNull();
  });

  it('is set by a clerk, answered with the address, seen by the company’s other clients and audited', async () => {
    const res = await setAddressPrinter(userToken, address.id, 'zpl-203');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PickupAddress>()).toMatchObject({ id: address.id, street: address.street, labelPrinter: 'zpl-203', preferredPartners: address.preferredPartners });
    const seen = (await addressesOf(reporterToken)).find((a) => a.id === address.id);
    expect(seen?.labelPrinter).toBe('zpl-203');
    expect(await lastEntryOf(address.id)).toMatchObject({
      companyId,
      entity: 'pickup_address',
      action: 'update',
      before: { labelPrinter: null },
      after: { labelPrinter: 'zpl-203' },
    });
  });

  it('goes back to the company’s with null; the same value again adds no history', async () => {
    expect((await setAddressPrinter(userToken, address.id, 'pdf-100x150')).statusCode).toBe(200);
    const entry = await lastEntryOf(address.id);
    expect((await setAddressPrinter(userToken, address.id, 'pdf-100x150')).statusCode).toBe(200);
    expect((await lastEntryOf(address.id))?.id).toBe(entry?.id);
    const cleared = await setAddressPrinter(userToken, address.id, null);
    expect(cleared.json<PickupAddress>().labelPrinter).toBeNull();
  });

  it('refuses a reader (403) and leaves the address as it was', async () => {
    const res = await setAddressPrinter(reporterToken, address.id, 'zpl-300');
    expect(res.statusCode, res.body).toBe(403);
    expect((await addressesOf(userToken)).find((a) => a.id === address.id)?.labelPrinter).toBeNull();
  });

  it('refuses an unknown printer on the field (400), and an unknown address or another company’s as not found (404)', async () => {
    const bad = await setAddressPrinter(userToken, address.id, 'laser-9000');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, unknown> }>().errors)).toEqual(['labelPrinter']);
    expect((await setAddressPrinter(userToken, '00000000-0000-4000-8000-000000000000', 'zpl-203')).statusCode).toBe(404);
    expect((await setAddressPrinter(user2Token, address.id, 'zpl-203')).statusCode).toBe(404);
  });
});

describe('the company’s label printer', () => {
  it('is set by the admin, shown on the company and in its clients’ profiles (not another company’s), and audited', async () => {
    const res = await setCompanyPrinter(adminToken, companyId, 'zpl-300');
    expect(res.statusCode, res.body).toBe(200);
    const company = res.json<Company>();
    expect(company.labelPrinter).toBe('zpl-300');
    expect(company.pickupAddresses.find((a) => a.id === address.id)?.labelPrinter).toBeNull();
    expect((await profileOf(reporterToken)).company.label_printer).toBe('zpl-300');
    expect((await profileOf(user2Token)).company.label_printer).toBeNull();
    expect(await lastEntryOf(companyId)).toMatchObject({ companyId, entity: 'company', action: 'update', before: { labelPrinter: null }, after: { labelPrinter: 'zpl-300' } });
  });

  it('is the admin’s alone: a client’s call is refused (403)', async () => {
    expect((await setCompanyPrinter(userToken, companyId, 'pdf-a6')).statusCode).toBe(403);
  });

  it('refuses an unknown printer (400) and a missing company (404)', async () => {
    expect((await setCompanyPrinter(adminToken, companyId, 'inkjet')).statusCode).toBe(400);
    expect((await setCompanyPrinter(adminToken, '00000000-0000-4000-8000-000000000000', 'pdf-a6')).statusCode).toBe(404);
  });
});
