// The delivery network's admin routes (issue 15): the partner list with its counts, a partner's
// services (the 409 naming the pickup addresses that still prefer it for a removed service, and
// the confirmed removal of those preferences), its feed keys (a revoked key is refused by the
// feed at once), the audit entries, and what routing does once a service goes or comes back.
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkPartner, PartnerKey, PartnerService } from '#shared/contract/admin-network.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { auditLog, clients, companies, partnerKeys, partnerServices, pickupAddresses, pickupAddressPartners, pickupPoints } from '#server/db/schema.ts';
import { DEMO_PARTNER_KEY } from '#server/db/seed-demo.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let adminToken: string;
const roleTokens: Record<string, string> = {};
let greenGardenId: string;
let bohemiaId: string;
let warehouseId: string;
let brnoId: string;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
interface ErrorAnswer {
  message: string;
  error: string;
  errors?: Record<string, string[]>;
}

function call(method: Method, url: string, options: { token?: string | null; payload?: unknown } = {}) {
  const token = options.token === undefined ? adminToken : options.token;
  return t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' },
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
}

const servicesUrl = (id: number | string) => `/api/v1/admin/partners/${id}/services`;
const keysUrl = (id: number | string) => `/api/v1/admin/partners/${id}/keys`;
const getServices = async (id: number) => {
  const res = await call('GET', servicesUrl(id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ services: PartnerService[] }>().services;
};
const putServices = (id: number | string, services: unknown[], confirm?: boolean) =>
  call('PUT', servicesUrl(id), { payload: { services, ...(confirm === undefined ? {} : { confirm }) } });
const networkPartners = async () => {
  const res = await call('GET', '/api/v1/admin/network/partners');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NetworkPartner[]>();
};

const preferencesOf = (addressId: string) =>
  t.database.db
    .select({
      partnerId: pickupAddressPartners.partnerId,
      country: pickupAddressPartners.country,
      product: pickupAddressPartners.product,
      method: pickupAddressPartners.deliveryMethod,
    })
    .from(pickupAddressPartners)
    .where(eq(pickupAddressPartners.pickupAddressId, addressId));
const lastAuditId = async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
const auditSince = (id: number) => t.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);

/** A signed POST /api/v1/partner/events with an event on a tracking number nobody has. */
function postFeed(key: { id: string; secret: string }) {
  const raw = JSON.stringify({
    events: [{ event_id: `EV-${key.id}-${Date.now()}`, tracking_number: 'ZZ000000000SK', code: 'IN_TRANSIT', occurred_at: '2026-03-02T08:15:00+01:00' }],
  });
  const timestamp = Math.floor(Date.now() / 1000);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/partner/events',
    headers: {
      'content-type': 'application/json',
      'x-partner-key': key.id,
      'x-partner-timestamp': String(timestamp),
      'x-partner-signature': signPartnerRequest(key.secret, timestamp, raw),
    },
    payload: raw,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  roleTokens.USER = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  const [user] = await db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  if (!user) throw new Error('demo-user missing');
  const secretHash = await hashSecret('network-role-secret');
  for (const role of ['OFFICER', 'REPORTER'] as const) {
    const clientId = `network-${role.toLowerCase()}`;
    await db.insert(clients).values({ companyId: user.companyId, clientId, secretHash, name: role, email: `${clientId}@example.com`, role });
    roleTokens[role] = (await signIn(t.app, clientId, 'network-role-secret')).token;
  }
  const companyId = async (name: string) => (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;
  greenGardenId = await companyId('Zelená Záhrada s.r.o.');
  bohemiaId = await companyId('Bohemia Books s.r.o.');
  const addressId = async (street: string) => (await db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(eq(pickupAddresses.street, street)))[0]!.id;
  warehouseId = await addressId('Priemyselná 12');
  brnoId = await addressId('Vídeňská 105');
});

afterAll(async () => {
  await t?.close();
});

const ROUTES: Array<[Method, string]> = [
  ['GET', '/api/v1/admin/network/partners'],
  ['GET', servicesUrl(PARTNERS.SPS)],
  ['PUT', servicesUrl(PARTNERS.SPS)],
  ['GET', keysUrl(PARTNERS.SPS)],
  ['POST', keysUrl(PARTNERS.SPS)],
  ['DELETE', `${keysUrl(PARTNERS.SPS)}/${DEMO_PARTNER_KEY.id}`],
];

describe('access', () => {
  it.each(ROUTES)('%s %s answers 401 without a bearer', async (method, url) => {
    const res = await call(method, url, { token: null, ...(method === 'PUT' ? { payload: { services: [] } } : {}) });
    expect(res.statusCode, res.body).toBe(401);
  });

  it.each(ROUTES.flatMap(([method, url]) => (['USER', 'OFFICER', 'REPORTER'] as const).map((role) => [method, url, role] as const)))(
    '%s %s answers 403 to %s and changes nothing',
    async (method, url, role) => {
      const res = await call(method, url, { token: roleTokens[role]!, ...(method === 'PUT' ? { payload: { services: [] } } : {}) });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<ErrorAnswer>().error).toBe('forbidden');
    },
  );

  it('left the SPS services and demo key alone', async () => {
    expect((await getServices(PARTNERS.SPS)).length).toBeGreaterThan(0);
    const [demoKey] = await t.database.db.select().from(partnerKeys).where(eq(partnerKeys.id, DEMO_PARTNER_KEY.id));
    expect(demoKey!.revokedAt).toBeNull();
  });
});

describe('GET /api/v1/admin/network/partners', () => {
  it('lists every partner by id with its priority, template and counts', async () => {
    const db = t.database.db;
    const list = await networkPartners();
    expect(list.map((p) => p.id)).toEqual(Object.values(PARTNERS).sort((a, b) => a - b));
    for (const partner of list) {
      expect(Object.keys(partner).sort()).toEqual(['active_key_count', 'active_point_count', 'code', 'id', 'name', 'priority', 'service_count', 'tracking_url_template']);
      const [services] = await db.select({ value: count() }).from(partnerServices).where(eq(partnerServices.partnerId, partner.id));
      const [keys] = await db
        .select({ value: count() })
        .from(partnerKeys)
        .where(and(eq(partnerKeys.partnerId, partner.id), isNull(partnerKeys.revokedAt)));
      const [points] = await db
        .select({ value: count() })
        .from(pickupPoints)
        .where(and(eq(pickupPoints.partnerId, partner.id), eq(pickupPoints.active, true)));
      expect([partner.service_count, partner.active_key_count, partner.active_point_count]).toEqual([services!.value, keys!.value, points!.value]);
    }
    const sps = list.find((p) => p.id === PARTNERS.SPS)!;
    expect(sps).toMatchObject({
      code: 'SPS',
      name: 'Slovak Parcel Service',
      priority: 9,
      tracking_url_template: 'https://example.com/track/sps?parcel={tracking_number}',
      active_key_count: 1,
    });
    // SK: PRM, TRC and RTN home, PRM to lockers, points and other PUDOs.
    expect(sps.service_count).toBe(6);
  });

  it('does not count inactive points', async () => {
    const db = t.database.db;
    const [point] = await db
      .select({ id: pickupPoints.id })
      .from(pickupPoints)
      .where(and(eq(pickupPoints.partnerId, PARTNERS.SPS), eq(pickupPoints.active, true)))
      .limit(1);
    if (!point) return; // The demo directory has no SPS points: nothing to deactivate.
    const before = (await networkPartners()).find((p) => p.id === PARTNERS.SPS)!.active_point_count;
    await db.update(pickupPoints).set({ active: false }).where(eq(pickupPoints.id, point.id));
    expect((await networkPartners()).find((p) => p.id === PARTNERS.SPS)!.active_point_count).toBe(before - 1);
    await db.update(pickupPoints).set({ active: true }).where(eq(pickupPoints.id, point.id));
  });
});

describe('GET /api/v1/admin/partners/{id}/services', () => {
  it('answers the grid sorted by country, product and method', async () => {
    const services = await getServices(PARTNERS.SPS);
    expect(services).toEqual([
      { country: 'SK', product: 'PRM', delivery_method: 'home_delivery' },
      { country: 'SK', product: 'PRM', delivery_method: 'other_pudo' },
      { country: 'SK', product: 'PRM', delivery_method: 'parcel_locker' },
      { country: 'SK', product: 'PRM', delivery_method: 'pickup_point' },
      { country: 'SK', product: 'RTN', delivery_method: 'home_delivery' },
      { country: 'SK', product: 'TRC', delivery_method: 'home_delivery' },
    ]);
    const postOne = await getServices(PARTNERS.POSTONE);
    const keys = postOne.map((s) => `${s.country}:${s.product}:${s.delivery_method}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('answers 404 to an unknown partner and 400 to a bad id', async () => {
    const res = await call('GET', servicesUrl(999));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json<ErrorAnswer>()).toEqual({ message: 'Partner not found.', error: 'not_found' });
    expect((await call('GET', servicesUrl('abc'))).statusCode).toBe(400);
  });
});

describe('PUT /api/v1/admin/partners/{id}/services', () => {
  it('answers 400 with field errors', async () => {
    const res = await putServices(PARTNERS.SPS, [
      { country: 'ZZ', product: 'PRM', delivery_method: 'home_delivery' },
      { country: 'SK', product: 'XXX', delivery_method: 'home_delivery' },
      { country: 'SK', product: 'PRM', delivery_method: 'drone' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorAnswer>();
    expect(body.error).toBe('validation_failed');
    expect(Object.keys(body.errors!).sort()).toEqual(['services.0.country', 'services.1.product', 'services.2.delivery_method']);
    expect((await call('PUT', servicesUrl(PARTNERS.SPS), { payload: { confirm: true } })).statusCode).toBe(400);
  });

  it('answers 404 to an unknown partner', async () => {
    const res = await putServices(999, []);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json<ErrorAnswer>().message).toBe('Partner not found.');
  });

  it('adds services, collapses duplicates, trims and upper-cases countries, and audits before and after', async () => {
    const before = await getServices(PARTNERS.POST_AT);
    const since = await lastAuditId();
    const extra = { country: 'de', product: 'TRC', delivery_method: 'home_delivery' };
    const res = await putServices(PARTNERS.POST_AT, [...before, extra, { ...extra, country: ' DE ' }, ...before]);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ services: PartnerService[] }>().services;
    // AT sorts before DE.
    expect(after).toEqual([...before, { country: 'DE', product: 'TRC', delivery_method: 'home_delivery' }]);
    expect(await getServices(PARTNERS.POST_AT)).toEqual(after);

    const entries = await auditSince(since);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ companyId: null, entity: 'partner', entityId: String(PARTNERS.POST_AT), action: 'update' });
    expect(entries[0]!.before).toEqual({ services: before.map((s) => `${s.country}:${s.product}:${s.delivery_method}`) });
    expect(entries[0]!.after).toEqual({ services: after.map((s) => `${s.country}:${s.product}:${s.delivery_method}`) });

    // The same grid again changes nothing and logs nothing.
    const again = await putServices(PARTNERS.POST_AT, after);
    expect(again.statusCode).toBe(200);
    expect(await auditSince(since)).toHaveLength(1);
  });

  it('answers 409 naming the addresses that still prefer the partner, and changes nothing', async () => {
    const services = await getServices(PARTNERS.SPS);
    const since = await lastAuditId();
    // Every SK PRM method goes: the Žilina warehouse prefers SPS for SK PRM (any method).
    const res = await putServices(
      PARTNERS.SPS,
      services.filter((s) => s.product !== 'PRM'),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<ErrorAnswer>()).toEqual({
      message: '1 pickup address prefers this partner for a service you remove. Confirm to remove those preferences too.',
      error: 'conflict',
      errors: { services: ['Zelená Záhrada s.r.o.: Priemyselná 12, Žilina (SK PRM any method)'] },
      codes: { services: ['service.still_preferred'] },
    });
    expect(await getServices(PARTNERS.SPS)).toEqual(services);
    expect(await preferencesOf(warehouseId)).toContainEqual({ partnerId: PARTNERS.SPS, country: 'SK', product: 'PRM', method: null });
    expect(await auditSince(since)).toHaveLength(0);
  });

  it('matches a preference naming a method only to that exact service', async () => {
    const services = await getServices(PARTNERS.ONE_CZ);
    const since = await lastAuditId();
    // Lockers go: the warehouse prefers One CZ for CZ PRM lockers; Brno's "any method" stays served.
    const res = await putServices(
      PARTNERS.ONE_CZ,
      services.filter((s) => !(s.product === 'PRM' && s.delivery_method === 'parcel_locker')),
    );
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<ErrorAnswer>();
    expect(body.message).toBe('1 pickup address prefers this partner for a service you remove. Confirm to remove those preferences too.');
    expect(body.errors).toEqual({ services: ['Zelená Záhrada s.r.o.: Priemyselná 12, Žilina (CZ PRM parcel_locker)'] });
    expect(await getServices(PARTNERS.ONE_CZ)).toEqual(services);
    expect(await auditSince(since)).toHaveLength(0);
  });

  it('with confirm, removes the services and those preferences, with audit entries per company', async () => {
    const services = await getServices(PARTNERS.ONE_CZ);
    const kept = services.filter((s) => s.product !== 'PRM');
    const since = await lastAuditId();

    const refused = await putServices(PARTNERS.ONE_CZ, kept, false);
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json<ErrorAnswer>();
    expect(body.message).toBe('2 pickup addresses prefer this partner for a service you remove. Confirm to remove those preferences too.');
    expect(body.errors!.services!.sort()).toEqual([
      'Bohemia Books s.r.o.: Vídeňská 105, Brno (CZ PRM any method)',
      'Zelená Záhrada s.r.o.: Priemyselná 12, Žilina (CZ PRM parcel_locker)',
    ]);

    const res = await putServices(PARTNERS.ONE_CZ, kept, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ services: kept });
    expect(await getServices(PARTNERS.ONE_CZ)).toEqual(kept);
    expect((await preferencesOf(warehouseId)).filter((p) => p.partnerId === PARTNERS.ONE_CZ)).toEqual([]);
    expect((await preferencesOf(brnoId)).filter((p) => p.partnerId === PARTNERS.ONE_CZ)).toEqual([]);
    // Other partners' preferences stay.
    expect(await preferencesOf(warehouseId)).toContainEqual({ partnerId: PARTNERS.SPS, country: 'SK', product: 'PRM', method: null });

    const entries = await auditSince(since);
    expect(entries.map((e) => [e.companyId, e.entity, e.entityId, e.action])).toEqual(
      expect.arrayContaining([
        [null, 'partner', String(PARTNERS.ONE_CZ), 'update'],
        [greenGardenId, 'partner', String(PARTNERS.ONE_CZ), 'delete'],
        [bohemiaId, 'partner', String(PARTNERS.ONE_CZ), 'delete'],
      ]),
    );
    expect(entries).toHaveLength(3);
    const network = entries.find((e) => e.companyId === null)!;
    expect(network.before).toEqual({ services: services.map((s) => `${s.country}:${s.product}:${s.delivery_method}`) });
    expect(network.after).toEqual({ services: kept.map((s) => `${s.country}:${s.product}:${s.delivery_method}`) });
    expect(entries.find((e) => e.companyId === bohemiaId)!.before).toMatchObject({ pickup_address_id: brnoId, preferences: ['CZ:PRM:any'] });
    expect(entries.find((e) => e.companyId === greenGardenId)!.before).toMatchObject({ pickup_address_id: warehouseId, preferences: ['CZ:PRM:parcel_locker'] });
  });

  it("ignores deleted addresses' preferences", async () => {
    const db = t.database.db;
    const [gone] = await db
      .insert(pickupAddresses)
      .values({
        companyId: greenGardenId,
        contactPerson: 'Gone',
        street: 'Stará 1',
        zip: '010 01',
        city: 'Žilina',
        country: 'SK',
        email: 'gone@demo.invalid',
        phone: '+421415550199',
        deletedAt: new Date(),
      })
      .returning();
    await db.insert(pickupAddressPartners).values({ pickupAddressId: gone!.id, partnerId: PARTNERS.POST_PL, country: 'PL', product: 'PRM', deliveryMethod: 'parcel_locker' });
    const services = await getServices(PARTNERS.POST_PL);
    const kept = services.filter((s) => s.delivery_method !== 'parcel_locker');
    const res = await putServices(PARTNERS.POST_PL, kept);
    expect(res.statusCode, res.body).toBe(200);
    expect(await getServices(PARTNERS.POST_PL)).toEqual(kept);
    // Not a live address's preference: left as it was.
    expect(await preferencesOf(gone!.id)).toHaveLength(1);
  });
});

describe('routing follows the services', () => {
  it('sends SK PRM home deliveries to PostOne once SPS stops, and back to SPS when it resumes', async () => {
    const userToken = roleTokens.USER!;
    expect((await createShipment(t.app, userToken, { pickup_address_id: warehouseId })).partner_name).toBe('Slovak Parcel Service');

    const services = await getServices(PARTNERS.SPS);
    const homePrm = { country: 'SK', product: 'PRM', delivery_method: 'home_delivery' } as const;
    // SPS still serves SK PRM by other methods, so the warehouse's "any method" preference stays: no 409.
    const removed = await putServices(
      PARTNERS.SPS,
      services.filter((s) => !(s.product === homePrm.product && s.delivery_method === homePrm.delivery_method)),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await preferencesOf(warehouseId)).toContainEqual({ partnerId: PARTNERS.SPS, country: 'SK', product: 'PRM', method: null });
    expect((await createShipment(t.app, userToken, { pickup_address_id: warehouseId })).partner_name).toBe('PostOne');
    expect((await createShipment(t.app, userToken)).partner_name).toBe('PostOne');

    const restored = await putServices(PARTNERS.SPS, [...services, homePrm]);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await getServices(PARTNERS.SPS)).toEqual(services);
    expect((await createShipment(t.app, userToken, { pickup_address_id: warehouseId })).partner_name).toBe('Slovak Parcel Service');
  });
});

describe('feed keys', () => {
  it('lists, creates and revokes keys; a revoked key is refused by the feed at once', async () => {
    const listed = await call('GET', keysUrl(PARTNERS.SPS));
    expect(listed.statusCode, listed.body).toBe(200);
    const before = listed.json<PartnerKey[]>();
    expect(before.map((k) => k.id)).toEqual([DEMO_PARTNER_KEY.id]);
    expect(Object.keys(before[0]!).sort()).toEqual(['created_at', 'id', 'revoked_at']);
    const since = await lastAuditId();

    const created = await call('POST', keysUrl(PARTNERS.SPS));
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json<{ id: string; secret: string; created_at: string }>();
    expect(Object.keys(key).sort()).toEqual(['created_at', 'id', 'secret']);
    expect(key.id).toMatch(/^pk_[A-Za-z0-9_]+$/);
    expect(key.secret.length).toBeGreaterThanOrEqual(32);

    const after = (await call('GET', keysUrl(PARTNERS.SPS))).json<PartnerKey[]>();
    expect(after[0]).toEqual({ id: key.id, created_at: key.created_at, revoked_at: null });
    expect(after.map((k) => k.id)).toEqual([key.id, DEMO_PARTNER_KEY.id]);
    expect(JSON.stringify(after)).not.toContain(key.secret);
    expect((await networkPartners()).find((p) => p.id === PARTNERS.SPS)!.active_key_count).toBe(2);

    expect((await postFeed(key)).statusCode).toBe(200);

    const revoked = await call('DELETE', `${keysUrl(PARTNERS.SPS)}/${key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const answer = revoked.json<PartnerKey>();
    expect(answer).toMatchObject({ id: key.id, created_at: key.created_at });
    expect(answer.revoked_at).toEqual(expect.any(String));
    expect((await postFeed(key)).statusCode).toBe(401);
    expect((await networkPartners()).find((p) => p.id === PARTNERS.SPS)!.active_key_count).toBe(1);
    expect((await call('GET', keysUrl(PARTNERS.SPS))).json<PartnerKey[]>()[0]).toEqual(answer);

    // Already revoked, unknown, or another partner's: 404.
    for (const url of [`${keysUrl(PARTNERS.SPS)}/${key.id}`, `${keysUrl(PARTNERS.SPS)}/pk_unknown`, `${keysUrl(PARTNERS.POSTONE)}/${DEMO_PARTNER_KEY.id}`]) {
      const res = await call('DELETE', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<ErrorAnswer>()).toEqual({ message: 'Feed key not found.', error: 'not_found' });
    }
    expect((await postFeed(DEMO_PARTNER_KEY)).statusCode).toBe(200);

    const entries = await auditSince(since);
    expect(entries.map((e) => [e.companyId, e.entity, e.entityId, e.action])).toEqual([
      [null, 'partner', String(PARTNERS.SPS), 'create'],
      [null, 'partner', String(PARTNERS.SPS), 'update'],
    ]);
    expect(entries[0]!.after).toEqual({ key_id: key.id, created_at: key.created_at });
    expect(entries[1]!.after).toEqual({ key_id: key.id, revoked_at: answer.revoked_at });
    expect(JSON.stringify(entries)).not.toContain(key.secret);
  });

  it('answers 404 partnerNotFound for an unknown partner', async () => {
    for (const [method, url] of [
      ['GET', keysUrl(999)],
      ['POST', keysUrl(999)],
      ['DELETE', `${keysUrl(999)}/${DEMO_PARTNER_KEY.id}`],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json<ErrorAnswer>().message).toBe('Partner not found.');
    }
    expect(await t.database.db.select().from(partnerKeys).where(eq(partnerKeys.partnerId, 999))).toEqual([]);
  });
});
