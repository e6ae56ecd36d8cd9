// The picker's search keeps each country's points in memory per instance. Two instances on one
// database (as behind a load balancer): a change written through either one, or straight into the
// database, is in the other's very next search; a search never answers from a stale directory.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickupPointList } from '#shared/contract/pickup-points.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { createApp } from '#server/app.ts';
import { partnerServices, partners, pickupPoints } from '#server/db/schema.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
let other: FastifyInstance;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  other = await createApp({ db: t.database.db, webRoot: null });
  await other.ready();
  token = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
});

afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function search(app: FastifyInstance, query: string): Promise<PickupPointList> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/pickup-points?country=SK&${query}`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PickupPointList>();
}

const ids = (list: PickupPointList) => list.points.map((p) => p.id);

const NEW_LOCKER = {
  id: 'PT19999',
  partnerId: PARTNERS.SPS,
  country: 'SK',
  type: 'parcel_locker' as const,
  name: 'ParcelBox Nová Dubnica OC',
  street: 'Mierové námestie 5',
  city: 'Nová Dubnica',
  zip: '018 51',
  latitude: 48.9352,
  longitude: 18.1447,
  openingHours: '{"mon":"00:00-24:00"}',
};

describe('the search on two instances of one database', () => {
  it('finds a point added after both instances searched', async () => {
    const before = [await search(t.app, 'q=dubnica'), await search(other, 'q=dubnica')];
    expect(before.map((l) => l.count)).toEqual([0, 0]);

    await t.database.db.insert(pickupPoints).values(NEW_LOCKER);

    for (const app of [other, t.app]) {
      const found = await search(app, 'q=nova%20dubnica');
      expect(ids(found)).toEqual(['PT19999']);
      expect(found.points[0]).toMatchObject({ name: 'ParcelBox Nová Dubnica OC', partner_name: 'Slovak Parcel Service', delivery_method: 'parcel_locker' });
      // And by distance: it is the nearest to its own coordinates.
      expect(ids(await search(app, `lat=${NEW_LOCKER.latitude}&lng=${NEW_LOCKER.longitude}&take=1`))).toEqual(['PT19999']);
    }
  });

  it('drops a deactivated point and takes back a reactivated one at once', async () => {
    await t.database.db.update(pickupPoints).set({ active: false }).where(eq(pickupPoints.id, 'PT19999'));
    expect((await search(other, 'q=PT19999')).count).toBe(0);
    expect((await search(t.app, 'q=PT19999')).count).toBe(0);

    await t.database.db.update(pickupPoints).set({ active: true, name: 'ParcelBox Nová Dubnica Centrum' }).where(eq(pickupPoints.id, 'PT19999'));
    expect((await search(other, 'q=centrum%20dubnica')).points.map((p) => p.name)).toEqual(['ParcelBox Nová Dubnica Centrum']);
  });

  it("follows a partner's services and name: a method it no longer serves leaves the search", async () => {
    const lockers = await search(other, 'type=parcel_locker');
    expect(lockers.count).toBeGreaterThan(0);

    const lockerServices = and(eq(partnerServices.partnerId, PARTNERS.SPS), eq(partnerServices.country, 'SK'), eq(partnerServices.deliveryMethod, 'parcel_locker'));
    const removed = await t.database.db.delete(partnerServices).where(lockerServices).returning();
    expect(removed.length).toBeGreaterThan(0);
    expect((await search(other, 'type=parcel_locker')).count).toBe(0);
    expect((await search(other, 'q=PT19999')).count).toBe(0);
    // Counters stay: SPS still serves pickup points.
    expect((await search(other, 'type=pickup_point')).count).toBeGreaterThan(0);

    await t.database.db.insert(partnerServices).values(removed);
    expect((await search(other, 'type=parcel_locker')).count).toBe(lockers.count);

    await t.database.db.update(partners).set({ name: 'SPS Slovakia' }).where(eq(partners.id, PARTNERS.SPS));
    expect((await search(other, 'q=PT19999')).points[0]?.partner_name).toBe('SPS Slovakia');
  });

  it('answers searches that arrive together during a reload from one consistent directory', async () => {
    await t.database.db.update(pickupPoints).set({ name: 'ParcelBox Nová Dubnica Juh' }).where(eq(pickupPoints.id, 'PT19999'));
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => search(i % 2 ? other : t.app, 'q=PT19999')));
    expect(answers.map((a) => a.points[0]?.name)).toEqual(Array(8).fill('ParcelBox Nová Dubnica Juh'));
  });
});
