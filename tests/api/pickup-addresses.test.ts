// GET /api/v1/profile/pickup-addresses: the addresses a client ships from. The ones assigned to
// it, or every address of its company when none is; never another company's; oldest first; each
// with its pickup weekdays and its preferred partners.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupAddressListSchema, type PickupAddress } from '#shared/contract/pickup-addresses.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { clients, companies, pickupAddressClients, pickupAddresses, pickupAddressPartners } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

const ENDPOINT = '/api/v1/profile/pickup-addresses';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;
/** Zelená Záhrada, demo-user's company. */
let greenGardenId: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const [user] = await t.database.db.select({ companyId: clients.companyId }).from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  greenGardenId = user!.companyId;
});

afterAll(async () => {
  await t?.close();
});

/** The caller's list; fails unless 200 and the answer passes the contract the web parses it with. */
async function listOf(token: string): Promise<PickupAddress[]> {
  const res = await t.app.inject({ method: 'GET', url: ENDPOINT, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const body: unknown = res.json();
  expect(pickupAddressListSchema.safeParse(body).success).toBe(true);
  return body as PickupAddress[];
}

const cities = (list: PickupAddress[]) => list.map((address) => address.city).sort();

async function newCompany(name: string): Promise<string> {
  const [company] = await t.database.db
    .insert(companies)
    .values({ name, street: 'Ulica 1', city: 'Nitra', zip: '949 01', country: 'SK', companyIdentificationNumber: '1', taxIdentificationNumber: '1' })
    .returning({ id: companies.id });
  return company!.id;
}

/** A USER of the company, signed in; answers its row id and token. */
async function newClient(companyId: string, clientId: string): Promise<{ id: string; token: string }> {
  const secret = `${clientId}-secret`;
  const [row] = await t.database.db
    .insert(clients)
    .values({ companyId, clientId, secretHash: await hashSecret(secret), name: clientId, email: `${clientId}@example.com` })
    .returning({ id: clients.id });
  return { id: row!.id, token: (await signIn(t.app, clientId, secret)).token };
}

async function newAddress(companyId: string, city: string, createdAt: string, id?: string): Promise<string> {
  const [row] = await t.database.db
    .insert(pickupAddresses)
    .values({
      ...(id ? { id } : {}),
      companyId,
      contactPerson: 'Eva Malá',
      street: 'Hlavná 1',
      zip: '949 01',
      city,
      country: 'SK',
      email: 'eva@example.com',
      phone: '+421905000000',
      createdAt: new Date(createdAt),
    })
    .returning({ id: pickupAddresses.id });
  return row!.id;
}

async function addressIdIn(city: string): Promise<string> {
  const [row] = await t.database.db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(eq(pickupAddresses.city, city));
  return row!.id;
}

describe('GET /api/v1/profile/pickup-addresses', () => {
  it('answers 401 without a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: ENDPOINT });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
    expect(res.json<{ error: string }>().error).toBe('unauthorized');
  });

  it("answers demo-user its two assigned addresses with pickup days and preferred partners, never Bohemia Books' Brno", async () => {
    const list = await listOf(userToken);
    expect(cities(list)).toEqual(['Bratislava', 'Žilina']);
    expect(list.find((address) => address.city === 'Žilina')).toEqual({
      id: await addressIdIn('Žilina'),
      contactPerson: 'Peter Horváth',
      street: 'Priemyselná 12',
      zip: '010 01',
      city: 'Žilina',
      country: 'SK',
      email: 'sklad@demo.invalid',
      phone: '+421415550101',
      regularPickup: true,
      pickupDays: { pondelok: true, utorok: false, streda: true, stvrtok: false, piatok: true },
      preferredPartners: [
        { id: PARTNERS.ONE_CZ, partnerName: 'One CZ', product: 'PRM', country: 'CZ', deliverMethod: 'parcel_locker' },
        { id: PARTNERS.POSTONE, partnerName: 'PostOne', product: 'TRC', country: 'DE', deliverMethod: null },
        { id: PARTNERS.SPS, partnerName: 'Slovak Parcel Service', product: 'PRM', country: 'SK', deliverMethod: null },
      ],
      // No printer of its own (issue 33): the company's applies.
      labelPrinter: null,
    });
    expect(list.find((address) => address.city === 'Bratislava')).toMatchObject({
      id: await addressIdIn('Bratislava'),
      contactPerson: 'Lucia Bieliková',
      regularPickup: false,
      pickupDays: { pondelok: false, utorok: false, streda: false, stvrtok: false, piatok: false },
      preferredPartners: [],
    });
  });

  it("answers demo-user-2 only Bohemia Books' Brno address, picked up every weekday", async () => {
    const list = await listOf(user2Token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: await addressIdIn('Brno'),
      city: 'Brno',
      country: 'CZ',
      regularPickup: true,
      pickupDays: { pondelok: true, utorok: true, streda: true, stvrtok: true, piatok: true },
      preferredPartners: [{ id: PARTNERS.ONE_CZ, partnerName: 'One CZ', product: 'PRM', country: 'CZ', deliverMethod: null }],
    });
  });

  it('answers a client with no assigned address every address of its company', async () => {
    const colleague = await newClient(greenGardenId, 'green-colleague');
    const list = await listOf(colleague.token);
    expect(cities(list)).toEqual(['Bratislava', 'Žilina']);
    expect(list.find((address) => address.city === 'Žilina')!.preferredPartners).toHaveLength(3);
  });

  it("answers the admin its own (carrier's) company's addresses: none", async () => {
    expect(await listOf(adminToken)).toEqual([]);
  });

  it('lists the oldest address first and equal times by id, a stable order', async () => {
    const companyId = await newCompany('Order Test s.r.o.');
    const late = await newAddress(companyId, 'Trnava', '2024-03-02T08:00:00Z');
    const tieB = await newAddress(companyId, 'Nitra', '2024-03-01T08:00:00Z', 'bbbbbbbb-0000-4000-8000-000000000000');
    const tieA = await newAddress(companyId, 'Prešov', '2024-03-01T08:00:00Z', 'aaaaaaaa-0000-4000-8000-000000000000');
    const first = await newAddress(companyId, 'Košice', '2024-02-01T08:00:00Z');
    const { token } = await newClient(companyId, 'order-test');
    expect((await listOf(token)).map((address) => address.id)).toEqual([first, tieA, tieB, late]);
  });

  it("shows only the client's assigned addresses once it has any, and ignores an assignment to another company's address", async () => {
    const companyId = await newCompany('Assign Test s.r.o.');
    const depot = await newAddress(companyId, 'Trenčín', '2024-01-01T08:00:00Z');
    const shop = await newAddress(companyId, 'Prievidza', '2024-01-02T08:00:00Z');
    const assigned = await newClient(companyId, 'assign-test');
    const stray = await newClient(companyId, 'assign-stray');
    await t.database.db.insert(pickupAddressClients).values([
      { pickupAddressId: shop, clientId: assigned.id },
      // Bad data: a client of this company assigned to Bohemia Books' Brno address.
      { pickupAddressId: await addressIdIn('Brno'), clientId: stray.id },
    ]);
    expect((await listOf(assigned.token)).map((address) => address.id)).toEqual([shop]);
    expect((await listOf(stray.token)).map((address) => address.id)).toEqual([depot, shop]);
  });

  it('lists preferred partners by country, then delivery method, a preference for every method after those naming one', async () => {
    const companyId = await newCompany('Partner Test s.r.o.');
    const addressId = await newAddress(companyId, 'Poprad', '2024-01-01T08:00:00Z');
    const { token } = await newClient(companyId, 'partner-test');
    await t.database.db.insert(pickupAddressPartners).values([
      { pickupAddressId: addressId, partnerId: PARTNERS.SPS, country: 'SK', product: 'PRM', deliveryMethod: null },
      { pickupAddressId: addressId, partnerId: PARTNERS.SPS, country: 'SK', product: 'PRM', deliveryMethod: 'parcel_locker' },
      { pickupAddressId: addressId, partnerId: PARTNERS.POSTONE, country: 'SK', product: 'PRM', deliveryMethod: 'home_delivery' },
      { pickupAddressId: addressId, partnerId: PARTNERS.ONE_CZ, country: 'CZ', product: 'PRM', deliveryMethod: null },
    ]);
    const [address] = await listOf(token);
    expect(address!.preferredPartners).toEqual([
      { id: PARTNERS.ONE_CZ, partnerName: 'One CZ', product: 'PRM', country: 'CZ', deliverMethod: null },
      { id: PARTNERS.POSTONE, partnerName: 'PostOne', product: 'PRM', country: 'SK', deliverMethod: 'home_delivery' },
      { id: PARTNERS.SPS, partnerName: 'Slovak Parcel Service', product: 'PRM', country: 'SK', deliverMethod: 'parcel_locker' },
      { id: PARTNERS.SPS, partnerName: 'Slovak Parcel Service', product: 'PRM', country: 'SK', deliverMethod: null },
    ]);
  });
});
