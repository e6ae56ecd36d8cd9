// Two instances on one database, as behind a load balancer (issue 20): every limit is the
// cluster's, not each instance's. Requests alternate between the instances: sign-in failures
// (per client_id and address, per address, the brake per client_id and the addresses it spares),
// public tracking lookups, wrong postal codes, reports per account; a partner request replayed on
// the other instance is refused; one Idempotency-Key sent to both at the same moment creates one
// shipment.
//
// With TEST_DATABASE_URL the instances are two applications on two connection pools of one
// PostgreSQL database with the production defaults (counters in `rate_limits`). On PGlite the
// second application shares the first one's database handle (one process holds a PGlite folder),
// and both are told to keep their counters in the database (`sharedLimits`) so that the same
// shared counters are exercised; PGlite's default, memory, is checked apart.
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bratislavaDay } from '#shared/contract/reports.ts';
import type { Shipment } from '#shared/contract/shipments.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { PUBLIC_TRACKING_PER_MINUTE } from '#shared/domain/limits.ts';
import type { PickupPointList } from '#shared/contract/pickup-points.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { createApp, type AppOptions } from '#server/app.ts';
import { openPostgres, type Database } from '#server/db/client.ts';
import { limitCounters } from '#server/db/limit-counters.ts';
import { runRetention } from '#server/jobs/retention.ts';
import { sharedRateLimitStore } from '#server/plugins/rate-limit-store.ts';
import { pickupPoints, rateLimits, shipmentEvents, shipments } from '#server/db/schema.ts';
import { createPartnerKey } from '#server/features/tracking/partner-keys.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { DEFAULT_POSTCODE_LIMITS } from '#server/features/tracking/postcode-attempts.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, requestToken, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment, postShipment, shipmentPayload } from './shipments-fixtures.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const en = translator('en');

/** Both instances' options: PGlite shares the counters only when told (its default is memory). */
const OPTIONS: Partial<AppOptions> = {
  ...(onPostgres ? {} : { sharedLimits: true }),
  loginLimits: { perClient: 5, perClientTotal: 12, perAddress: 20, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  reportLimits: { perMinute: 3, atOnce: 2 },
};

let t: TestApp;
/** The second instance's own pool on PostgreSQL; null on PGlite. */
let secondDatabase: Database | null = null;
let a: FastifyInstance;
let b: FastifyInstance;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp(OPTIONS);
  const url = t.database.jobQueue.connectionString;
  if (onPostgres) {
    if (!url) throw new Error('no connection string for the second instance');
    secondDatabase = openPostgres(url);
  }
  a = t.app;
  b = await createApp({ db: secondDatabase?.db ?? t.database.db, webRoot: null, ...OPTIONS });
  await b.ready();
  userToken = (await signIn(a, DEMO.user.clientId, DEMO.user.secret)).token;
});

afterAll(async () => {
  await b?.close();
  await secondDatabase?.close();
  await t?.close();
});

/** Instance A for even turns, B for odd ones. */
const instance = (turn: number) => (turn % 2 === 0 ? a : b);

function expectTooMany(res: LightMyRequestResponse, maxSeconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
  expect(res.json<{ error: string }>().error).toBe('too_many_requests');
}

describe('where the counters live', () => {
  it(onPostgres ? 'keeps them in the database by default on PostgreSQL' : 'keeps them in memory by default on PGlite (one process per folder)', async () => {
    const plain = await createApp({ db: t.database.db, webRoot: null });
    try {
      expect(plain.limitCounters.shared).toBe(onPostgres);
    } finally {
      await plain.close();
    }
    expect(a.limitCounters.shared).toBe(true);
    expect(b.limitCounters.shared).toBe(true);
  });

  it('purges counters whose window ended, and only those (the retention job)', async () => {
    const counters = limitCounters(t.database.db, true);
    const counter = counters.counter({ keyPrefix: 'purge_test', points: 3, duration: 60 });
    await counter.consume('old');
    await counter.consume('live');
    await t.database.db
      .update(rateLimits)
      .set({ expire: Date.now() - 120_000 })
      .where(eq(rateLimits.key, 'purge_test:old'));
    await runRetention(t.database.db, 'expired');
    const left = await t.database.db.select({ key: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} like 'purge_test:%'`);
    expect(left.map((r) => r.key)).toEqual(['purge_test:live']);
  });
});

describe("@fastify/rate-limit's store on shared counters", () => {
  const incr = (store: ReturnType<InstanceType<ReturnType<typeof sharedRateLimitStore>>['child']>, key: string, max: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, max));
  const child = (counters: ReturnType<typeof limitCounters>, groupId?: string) => {
    const Store = sharedRateLimitStore(counters);
    return new Store({}).child({ ...(groupId ? { groupId } : {}) } as never);
  };

  it('wants every limit to name its counter, and keeps limits keyed alike apart', async () => {
    const counters = limitCounters(t.database.db, true);
    expect(() => child(counters)).toThrow(/groupId/);
    const one = child(counters, 'store_test_one');
    const two = child(counters, 'store_test_two');
    expect(await incr(one, 'client:x', 5)).toMatchObject({ current: 1 });
    expect(await incr(one, 'client:x', 5)).toMatchObject({ current: 2 });
    const other = await incr(two, 'client:x', 5);
    expect(other.current).toBe(1);
    expect(other.ttl).toBeGreaterThan(59_000);
    expect(other.ttl).toBeLessThanOrEqual(60_000);
  });

  it('refuses a key past its budget from memory until its window ends, without asking the database', async () => {
    const counters = limitCounters(t.database.db, true);
    const elsewhere = limitCounters(t.database.db, true);
    const here = child(counters, 'store_test_block');
    for (let i = 1; i <= 2; i++) expect((await incr(here, 'ip:1', 2)).current).toBe(i);
    expect((await incr(here, 'ip:1', 2)).current).toBe(3);
    // The database forgets the key: this instance still refuses it (from memory)...
    await t.database.db.delete(rateLimits).where(sql`${rateLimits.key} like 'rl_store_test_block:%'`);
    const refused = await incr(here, 'ip:1', 2);
    expect(refused.current).toBeGreaterThan(2);
    expect(refused.ttl).toBeGreaterThan(0);
    const rows = await t.database.db.select({ key: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} like 'rl_store_test_block:%'`);
    expect(rows).toEqual([]);
    // ...while another instance, which never saw it over, counts from the database.
    expect((await incr(child(elsewhere, 'store_test_block'), 'ip:1', 2)).current).toBe(1);
  });
});

describe('sign-in limits across instances', () => {
  it('answers 429 on either instance after 5 failures for one client_id from one address spread over both; the owner still gets in from their own address', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await requestToken(instance(i), DEMO.user.clientId, `wrong-${i}`, { remoteAddress: '10.20.0.1' });
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    expectTooMany(await requestToken(b, DEMO.user.clientId, 'wrong-again', { remoteAddress: '10.20.0.1' }), 15 * 60);
    // Blocked on both instances, for the right secret too.
    expectTooMany(await requestToken(a, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.20.0.1' }), 15 * 60);
    expectTooMany(await requestToken(b, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.20.0.1' }), 15 * 60);
    expect((await requestToken(b, DEMO.user.clientId, DEMO.user.secret, { remoteAddress: '10.20.0.2' })).statusCode).toBe(200);
  });

  it('brakes guessing spread over addresses and instances, yet lets the owner in on either instance from where they signed in on one', async () => {
    // The owner signs in from the office through A.
    expect((await requestToken(a, DEMO.user2.clientId, DEMO.user2.secret, { remoteAddress: '10.30.0.100' })).statusCode).toBe(200);
    // 12 failures allowed per client_id from everywhere: 2 per address, alternating instances.
    for (let i = 0; i < 12; i++) {
      const res = await requestToken(instance(i), DEMO.user2.clientId, `guess-${i}`, { remoteAddress: `10.30.0.${Math.floor(i / 2) + 1}` });
      expect(res.statusCode, `guess ${i + 1}`).toBe(401);
    }
    expectTooMany(await requestToken(a, DEMO.user2.clientId, 'guess-more', { remoteAddress: '10.30.0.50' }), 15 * 60);
    // The guessers' addresses are refused on B, even with the right secret (issue 30: a new address
    // with the right secret gets in, one with a wrong one is braked at once)...
    expectTooMany(await requestToken(b, DEMO.user2.clientId, DEMO.user2.secret, { remoteAddress: '10.30.0.50' }), 15 * 60);
    expectTooMany(await requestToken(b, DEMO.user2.clientId, DEMO.user2.secret, { remoteAddress: '10.30.0.1' }), 15 * 60);
    expect((await requestToken(b, DEMO.user2.clientId, DEMO.user2.secret, { remoteAddress: '10.30.0.51' })).statusCode).toBe(200);
    // ...and the office, known since the sign-in through A, gets in through B.
    const owner = await requestToken(b, DEMO.user2.clientId, DEMO.user2.secret, { remoteAddress: '10.30.0.100' });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('limits one address across client ids and instances (20 failures)', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await requestToken(instance(i), `nobody-${i}`, 'guess', { remoteAddress: '10.40.0.1' })).statusCode, `failure ${i + 1}`).toBe(401);
    }
    expectTooMany(await requestToken(a, 'nobody-else', 'guess', { remoteAddress: '10.40.0.1' }), 15 * 60);
    expectTooMany(await requestToken(b, DEMO.admin.clientId, DEMO.admin.secret, { remoteAddress: '10.40.0.1' }), 15 * 60);
  });
});

describe('public tracking lookups across instances', () => {
  let parcel: Shipment;

  beforeAll(async () => {
    parcel = await createShipment(a, userToken, { receiver_postal_code: '811 01' });
  });

  const lookUp = (app: FastifyInstance, address: string, query = '') =>
    app.inject({ method: 'GET', url: `/api/v1/tracking/${parcel.tracking_number}${query}`, remoteAddress: address, headers: { 'accept-language': 'en' } });

  it(`shares one budget of ${PUBLIC_TRACKING_PER_MINUTE} a minute per address: the lookup past it is refused on either instance`, async () => {
    for (let i = 0; i < PUBLIC_TRACKING_PER_MINUTE; i++) {
      const res = await lookUp(instance(i), '10.50.0.1');
      expect(res.statusCode, `lookup ${i + 1}`).toBe(200);
      // The headers count the cluster's lookups, whichever instance answers.
      expect(res.headers['x-ratelimit-limit']).toBe(String(PUBLIC_TRACKING_PER_MINUTE));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(PUBLIC_TRACKING_PER_MINUTE - i - 1));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    for (const app of [a, b, a]) {
      const over = await lookUp(app, '10.50.0.1');
      expectTooMany(over, 60);
      expect(over.headers['x-ratelimit-remaining']).toBe('0');
      expect(over.json()).toEqual({ error: 'too_many_requests', message: en(serverMessages.tooManyRequests) });
    }
    // Another address has its own budget.
    expect((await lookUp(b, '10.50.0.2')).statusCode).toBe(200);
  });

  it('counts wrong postal codes of a parcel and address across instances: the right one is refused there on either after 5 wrong', async () => {
    const allowed = DEFAULT_POSTCODE_LIMITS[0]!.wrong;
    for (let i = 0; i < allowed; i++) {
      expect((await lookUp(instance(i), '10.60.0.1', `?zip=9${i}999`)).statusCode, `guess ${i + 1}`).toBe(404);
    }
    // Another address (the recipient) still gets the full view (issue 30).
    expect((await lookUp(b, '10.60.1.3', '?zip=81101')).json<{ view: string }>().view).toBe('full');
    for (const app of [b, a]) {
      const refused = await lookUp(app, '10.60.0.1', '?zip=81101');
      expectTooMany(refused, DEFAULT_POSTCODE_LIMITS[0]!.windowSeconds);
      expect(refused.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('zip');
    }
    // Without the postal code the status still shows.
    expect((await lookUp(b, '10.60.1.2')).json<{ view: string }>().view).toBe('status');
  });
});

describe('reports per account across instances', () => {
  it('gives an account its reports a minute across both instances', async () => {
    const { token } = await signIn(a, DEMO.admin.clientId, DEMO.admin.secret);
    const old = addDays(bratislavaDay(new Date()), -400);
    const report = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/v1/admin/shipments/report', headers: { 'accept-language': 'en', ...bearer(token) }, payload: { type: 'DAILY', from_date: old, to_date: old, countries: [] } });
    // Empty periods answer 404 and count the same.
    for (let i = 0; i < 3; i++) expect((await report(instance(i))).statusCode, `report ${i + 1}`).toBe(404);
    expectTooMany(await report(b), 60);
    expectTooMany(await report(a), 60);
  });
});

describe('the partner feed across instances', () => {
  it('refuses on one instance a signed request already accepted by the other', async () => {
    const parcel = await createShipment(a, userToken);
    await t.database.db.update(shipments).set({ status: 'SENT', createdAt: new Date(Date.now() - 86_400_000) }).where(eq(shipments.trackingNumber, parcel.tracking_number!));
    const key = (await createPartnerKey(t.database.db, 'sps'))!;
    const raw = JSON.stringify({
      events: [{ event_id: `EV-${randomUUID()}`, tracking_number: parcel.tracking_number, code: 'IN_TRANSIT', occurred_at: new Date(Date.now() - 60_000).toISOString(), location: 'Bratislava hub' }],
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'accept-language': 'en',
      'x-partner-key': key.id,
      'x-partner-timestamp': String(timestamp),
      'x-partner-signature': signPartnerRequest(key.secret, timestamp, raw),
    };
    const send = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/v1/partner/events', headers, payload: raw });

    const first = await send(a);
    expect(first.statusCode, first.body).toBe(200);
    const replayed = await send(b);
    expect(replayed.statusCode, replayed.body).toBe(409);
    expect(replayed.json()).toEqual({ error: 'conflict', message: en(serverMessages.partnerRequestReplayed) });
    const [shipment] = await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.trackingNumber, parcel.tracking_number!));
    const [recorded] = await t.database.db
      .select({ n: count() })
      .from(shipmentEvents)
      .where(and(eq(shipmentEvents.shipmentId, shipment!.id), eq(shipmentEvents.source, 'partner:SPS')));
    expect(recorded!.n).toBe(1);
  });

  it('accepts exactly one of the same signed request sent to both instances at the same moment', async () => {
    const parcel = await createShipment(a, userToken);
    await t.database.db.update(shipments).set({ status: 'SENT', createdAt: new Date(Date.now() - 86_400_000) }).where(eq(shipments.trackingNumber, parcel.tracking_number!));
    const key = (await createPartnerKey(t.database.db, 'sps'))!;
    const raw = JSON.stringify({ events: [{ event_id: `EV-${randomUUID()}`, tracking_number: parcel.tracking_number, code: 'IN_TRANSIT', occurred_at: new Date(Date.now() - 60_000).toISOString() }] });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { 'content-type': 'application/json', 'x-partner-key': key.id, 'x-partner-timestamp': String(timestamp), 'x-partner-signature': signPartnerRequest(key.secret, timestamp, raw) };
    const answers = await Promise.all([a, b].map((app) => app.inject({ method: 'POST', url: '/api/v1/partner/events', headers, payload: raw })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('idempotency across instances', () => {
  it('creates one shipment for one Idempotency-Key sent to both instances at the same moment', async () => {
    const key = `cluster-${randomUUID()}`;
    const reference = `CLUSTER-${key.slice(-8)}`;
    const body = shipmentPayload({ reference_number: reference });
    const answers = await Promise.all([a, b].map((app) => postShipment(app, userToken, body, { 'idempotency-key': key })));
    const codes = answers.map((r) => r.statusCode);
    // One created it; the other answered the same (a replay) or "still running" (409, Retry-After).
    expect(codes).toContain(201);
    for (const res of answers) {
      if (res.statusCode === 201 && res.headers['idempotent-replayed'] === 'true') expect(res.body).toBe(answers.find((r) => r.headers['idempotent-replayed'] !== 'true')!.body);
      else if (res.statusCode !== 201) expect(res.statusCode, res.body).toBe(409);
    }
    const [made] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.referenceNumber, reference));
    expect(made!.n).toBe(1);
    // A resend to either instance afterwards answers the first answer.
    const created = answers.find((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] !== 'true')!;
    for (const app of [a, b]) {
      const again = await postShipment(app, userToken, body, { 'idempotency-key': key });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(created.body);
    }
  });
});

describe("the pickup-point picker's index across instances", () => {
  it("finds a point written through one instance's connections in the other's very next search", async () => {
    const search = async (app: FastifyInstance) => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/pickup-points?country=SK&q=klastrova', headers: bearer(userToken) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PickupPointList>().points.map((p) => p.id);
    };
    // Both instances hold SK's index...
    expect([await search(a), await search(b)]).toEqual([[], []]);
    // ...a new point is written through A's pool (as an import on A would)...
    await t.database.db.insert(pickupPoints).values({
      id: 'PT19998',
      partnerId: PARTNERS.SPS,
      country: 'SK',
      type: 'parcel_locker',
      name: 'ParcelBox Klastrová',
      street: 'Klastrová 1',
      city: 'Bratislava',
      zip: '811 01',
      latitude: 48.14,
      longitude: 17.1,
      openingHours: '{"mon":"00:00-24:00"}',
    });
    // ...and B's next search has it: every search reads the directory's version (one primary-key read).
    expect(await search(b)).toEqual(['PT19998']);
  });
});
