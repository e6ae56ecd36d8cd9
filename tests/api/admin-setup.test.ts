// The first-run checklist (issue 31, "The admin's first hour"): GET /api/v1/admin/setup follows
// the oldest client company through company → products → bank account → pickup address → client
// → partner, each ticked once its row exists; the carrier's own company (its admins) is not a
// client company, and a deleted pickup address no longer counts. ADMIN only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupStatus } from '#shared/contract/admin-setup.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { bankAccounts, clients, companies, companyProducts, pickupAddresses, pickupAddressPartners } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

let empty: TestApp;
let seeded: TestApp;
let adminToken: string;

const company = { street: 'Hlavná 1', city: 'Poprad', zip: '058 01', country: 'SK', companyIdentificationNumber: '-', taxIdentificationNumber: '-' };

beforeAll(async () => {
  [empty, seeded] = await Promise.all([createTestApp({ seed: false }), createTestApp()]);
  // What create-admin leaves on an empty database: the carrier's company with one admin.
  const [carrier] = await empty.database.db
    .insert(companies)
    .values({ name: 'Carrier', ...company, isCarrier: true })
    .returning();
  await empty.database.db.insert(clients).values({ companyId: carrier!.id, clientId: 'first-admin', secretHash: await hashSecret('first-admin-secret'), name: 'First Admin', email: 'a@example.com', role: 'ADMIN' });
  adminToken = (await signIn(empty.app, 'first-admin', 'first-admin-secret')).token;
});

afterAll(async () => {
  await Promise.all([empty?.close(), seeded?.close()]);
});

const status = async (t: TestApp, token: string) => {
  const res = await t.app.inject({ url: '/api/v1/admin/setup', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SetupStatus;
};
const ticked = (s: SetupStatus) => Object.entries(s.done).filter(([, done]) => done).map(([step]) => step);

describe('GET /api/v1/admin/setup', () => {
  it('ticks each step of the oldest client company as its rows appear, in the order of the screens', async () => {
    const db = empty.database.db;
    expect(await status(empty, adminToken)).toEqual({
      company: null,
      done: { company: false, product: false, bankAccount: false, pickupAddress: false, client: false, partner: false },
    });

    const [first] = await db.insert(companies).values({ name: 'Tatra Mode s.r.o.', ...company }).returning();
    // A company made later is not the one the checklist follows.
    await db.insert(companies).values({ name: 'Later Company', ...company, createdAt: new Date(Date.now() + 60_000) });
    expect(await status(empty, adminToken)).toMatchObject({ company: { id: first!.id, name: 'Tatra Mode s.r.o.' } });
    expect(ticked(await status(empty, adminToken))).toEqual(['company']);

    await db.insert(companyProducts).values({ companyId: first!.id, country: 'SK', product: 'PRM' });
    expect(ticked(await status(empty, adminToken))).toEqual(['company', 'product']);
    await db.insert(bankAccounts).values({ companyId: first!.id, iban: 'SK3112000000198742637541', swift: 'TATRSKBX' });
    expect(ticked(await status(empty, adminToken))).toEqual(['company', 'product', 'bankAccount']);

    // A deleted address counts for nothing, nor the partner chosen for it.
    const [gone] = await db
      .insert(pickupAddresses)
      .values({ companyId: first!.id, contactPerson: 'Eva', street: 'Nová 2', zip: '058 01', city: 'Poprad', country: 'SK', email: 'e@example.com', phone: '+421905123456', deletedAt: new Date() })
      .returning();
    await db.insert(pickupAddressPartners).values({ pickupAddressId: gone!.id, partnerId: PARTNERS.POSTONE, country: 'SK', product: 'PRM' });
    expect(ticked(await status(empty, adminToken))).toEqual(['company', 'product', 'bankAccount']);

    const [address] = await db
      .insert(pickupAddresses)
      .values({ companyId: first!.id, contactPerson: 'Eva', street: 'Nová 2', zip: '058 01', city: 'Poprad', country: 'SK', email: 'e@example.com', phone: '+421905123456' })
      .returning();
    expect(ticked(await status(empty, adminToken))).toEqual(['company', 'product', 'bankAccount', 'pickupAddress']);
    await db.insert(clients).values({ companyId: first!.id, clientId: 'tatra-office', secretHash: await hashSecret('tatra-office-secret'), name: 'Office', email: 'o@example.com' });
    expect(ticked(await status(empty, adminToken))).toEqual(['company', 'product', 'bankAccount', 'pickupAddress', 'client']);
    await db.insert(pickupAddressPartners).values({ pickupAddressId: address!.id, partnerId: PARTNERS.POSTONE, country: 'SK', product: 'PRM' });
    expect(Object.values((await status(empty, adminToken)).done).every(Boolean)).toBe(true);
  });

  it('is done on the demo data', async () => {
    const { token } = await signIn(seeded.app, DEMO.admin.clientId, DEMO.admin.secret);
    expect(Object.values((await status(seeded, token)).done).every(Boolean)).toBe(true);
  });

  it('refuses every client role (403)', async () => {
    const db = seeded.database.db;
    const { token } = await signIn(seeded.app, DEMO.user.clientId, DEMO.user.secret);
    expect((await seeded.app.inject({ url: '/api/v1/admin/setup', headers: bearer(token) })).statusCode).toBe(403);
    const [user] = await db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    for (const role of ['OFFICER', 'REPORTER'] as const) {
      await db.insert(clients).values({ companyId: user!.companyId, clientId: `setup-${role}`, secretHash: await hashSecret('role-secret-1234'), name: role, email: `${role}@example.com`, role });
      const other = await signIn(seeded.app, `setup-${role}`, 'role-secret-1234');
      expect((await seeded.app.inject({ url: '/api/v1/admin/setup', headers: bearer(other.token) })).statusCode).toBe(403);
    }
    expect((await seeded.app.inject({ url: '/api/v1/admin/setup' })).statusCode).toBe(401);
  });
});
