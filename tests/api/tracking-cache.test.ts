// The public lookups' cache (issue 19): lookups are answered from memory, and every writer of what
// a lookup shows (depot scans, partner events, deleting, manifests, a partner's tracking page)
// makes the next lookup show the change — on PGlite at once. The caller's view (status or full),
// the postal-code brake and the rate limit apply to cached answers as to read ones. With
// TEST_DATABASE_URL, two instances on one PostgreSQL: a change through one is seen through the
// other within the notification's delivery, also after the listening connection was cut.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { PublicTracking, TrackAnswer } from '#shared/contract/tracking.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { createApp } from '#server/app.ts';
import { openPostgres, type Database } from '#server/db/client.ts';
import { shipmentEvents, shipments } from '#server/db/schema.ts';
import { createPartnerKey } from '#server/features/tracking/partner-keys.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { DEFAULT_POSTCODE_LIMITS } from '#server/features/tracking/postcode-attempts.ts';
import { DEFAULT_TRACKING_CACHE } from '#server/features/tracking/tracking-cache.ts';
import { TRACKING_CHANNEL } from '#server/features/tracking/tracking-changes.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;
let spsKey: { id: string; secret: string };

let address = 0;
function get(app: FastifyInstance, url: string, token?: string) {
  address++;
  return app.inject({ method: 'GET', url, remoteAddress: `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`, headers: { 'accept-language': 'en', ...(token ? bearer(token) : {}) } });
}
const timeline = async (tn: string, query = '', token?: string, app = t.app) => {
  const res = await get(app, `/api/v1/tracking/${tn}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicTracking>();
};

function postEvents(app: FastifyInstance, events: unknown[]) {
  const raw = JSON.stringify({ events });
  const ts = Math.floor(Date.now() / 1000);
  return app.inject({
    method: 'POST',
    url: '/api/v1/partner/events',
    headers: { 'content-type': 'application/json', 'x-partner-key': spsKey.id, 'x-partner-timestamp': String(ts), 'x-partner-signature': signPartnerRequest(spsKey.secret, ts, raw) },
    payload: raw,
  });
}
let eventNo = 0;
/** A partner's event a second from now (within the clock allowance): newer than the scans before it. */
const feedEvent = (tn: string, code = 'IN_TRANSIT') => ({ event_id: `CACHE-${++eventNo}-${tn}`, tracking_number: tn, code, occurred_at: new Date(Date.now() + 1_000).toISOString(), location: 'SPS Senec hub' });

function scan(app: FastifyInstance, status: 'ARRIVED' | 'SENT', ids: string[]) {
  return app.inject({ method: 'POST', url: '/api/v1/admin/shipments/parcel-status', headers: bearer(adminToken), payload: { status, parcels_id: ids } });
}

/**
 * After a write through the API: on PGlite the change reached the cache at the commit (this waits
 * for nothing); on PostgreSQL by its notification, milliseconds later (the bound tested below).
 */
const heard = () => (process.env.TEST_DATABASE_URL ? t.app.trackingLookups.synced() : Promise.resolve());

/** A parcel of demo-user to Bratislava 81101 (SPS). */
const parcel = (): Promise<Shipment> => createShipment(t.app, userToken);

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  spsKey = (await createPartnerKey(t.database.db, 'SPS'))!;
});

afterAll(async () => {
  await t?.close();
});

describe('lookups from the cache', () => {
  it('answers a repeated lookup from memory: a write that tells nobody is not seen (until the TTL)', async () => {
    const s = await parcel();
    const first = await timeline(s.tracking_number!);
    expect(first.events.map((e) => e.code)).toEqual(['CREATED']);
    const before = t.app.trackingLookups.stats();
    // Behind the writers' back (as a hand-made UPDATE would): no notification.
    const [row] = await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.itemNumber, s.item_number));
    await t.database.db.insert(shipmentEvents).values({ shipmentId: row!.id, status: 'ARRIVED', source: 'depot' });
    expect((await timeline(s.tracking_number!)).events.map((e) => e.code)).toEqual(['CREATED']);
    expect(t.app.trackingLookups.stats().hits).toBe(before.hits + 1);
  });

  it('shows a depot scan at the next lookup', async () => {
    const s = await parcel();
    expect((await timeline(s.tracking_number!)).milestone).toBe('CREATED');
    expect((await scan(t.app, 'ARRIVED', [s.tracking_number!])).statusCode).toBe(200);
    await heard();
    const after = await timeline(s.tracking_number!);
    expect(after.milestone).toBe('ARRIVED');
    expect(after.events.map((e) => e.code)).toEqual(['ARRIVED', 'CREATED']);
  });

  it("shows a partner's event at the next lookup", async () => {
    const s = await parcel();
    await scan(t.app, 'ARRIVED', [s.tracking_number!]);
    await scan(t.app, 'SENT', [s.tracking_number!]);
    await heard();
    expect((await timeline(s.tracking_number!)).events.map((e) => e.code)).toEqual(['SENT', 'ARRIVED', 'CREATED']);
    const res = await postEvents(t.app, [feedEvent(s.tracking_number!)]);
    expect(res.statusCode, res.body).toBe(200);
    await heard();
    expect((await timeline(s.tracking_number!)).events.map((e) => e.code)).toEqual(['IN_TRANSIT', 'SENT', 'ARRIVED', 'CREATED']);
    // A resent event records nothing and changes nothing.
    expect((await timeline(s.tracking_number!)).events).toHaveLength(4);
  });

  it('shows a deleted shipment as deleted at the next lookup', async () => {
    const s = await parcel();
    expect((await timeline(s.tracking_number!)).deleted).toBe(false);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${s.item_number}`, headers: bearer(userToken) });
    expect(res.statusCode, res.body).toBe(200);
    await heard();
    const after = await timeline(s.tracking_number!);
    expect(after.deleted).toBe(true);
    expect(after.milestone).toBeNull();
  });

  it('shows a manifest at the next lookup', async () => {
    const s = await parcel();
    expect((await timeline(s.tracking_number!)).milestone).toBe('CREATED');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/manifests/generate', headers: bearer(userToken), payload: { item_numbers: [s.item_number] } });
    expect(res.statusCode, res.body).toBe(200);
    await heard();
    expect((await timeline(s.tracking_number!)).events.map((e) => e.code)).toEqual(['MANIFESTED', 'CREATED']);
  });

  it("shows an admin's change of a partner's tracking page at the next lookup", async () => {
    const s = await parcel();
    await scan(t.app, 'ARRIVED', [s.tracking_number!]);
    await scan(t.app, 'SENT', [s.tracking_number!]);
    const patch = (template: string | null) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/partners/${PARTNERS.SPS}`, headers: bearer(adminToken), payload: { tracking_url_template: template } });
    expect((await patch(null)).statusCode).toBe(200);
    await heard();
    expect((await timeline(s.tracking_number!, '?zip=81101')).partner_tracking_link).toBeNull();
    expect((await patch('https://sps.example/t/{tracking_number}')).statusCode).toBe(200);
    await heard();
    expect((await timeline(s.tracking_number!, '?zip=81101')).partner_tracking_link).toBe(`https://sps.example/t/${s.tracking_number}`);
  });

  it('caches the shipment, not an answer: the owner\'s full view never reaches a stranger', async () => {
    const s = await parcel();
    await scan(t.app, 'ARRIVED', [s.tracking_number!]);
    await scan(t.app, 'SENT', [s.tracking_number!]);
    await postEvents(t.app, [feedEvent(s.tracking_number!, 'AT_PICKUP_POINT')]);
    await heard();
    const owner = await timeline(s.tracking_number!, '', userToken);
    expect(owner.view).toBe('full');
    expect(owner.destination_country).toBe('SK');
    expect(owner.events[0]!.location).toBe('SPS Senec hub');
    for (const token of [undefined, user2Token]) {
      const stranger = await timeline(s.tracking_number!, '', token);
      expect(stranger.view).toBe('status');
      expect(stranger.destination_country).toBeNull();
      expect(stranger.partner_name).toBeNull();
      expect(stranger.events.every((e) => e.location === null)).toBe(true);
    }
    const strangerTrack = (await get(t.app, `/api/v1/shipments/track?tracking_number=${s.tracking_number}`)).json<TrackAnswer>();
    expect(strangerTrack).not.toHaveProperty('events');
    expect(strangerTrack).not.toHaveProperty('partner_name');
    expect((await timeline(s.tracking_number!, '?zip=81101')).view).toBe('full');
  });

  it('answers each view and language its own text, whoever asked before', async () => {
    const s = await parcel();
    const tn = s.tracking_number!;
    const ask = (query: string, language: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/tracking/${tn}${query}`, remoteAddress: `10.79.0.${++address % 250}`, headers: { 'accept-language': language } });
    const sk = await ask('?zip=81101', 'sk');
    const en = await ask('?zip=81101', 'en');
    const skAgain = await ask('?zip=81101', 'sk');
    const status = await ask('', 'sk');
    expect(sk.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(sk.body).toBe(skAgain.body);
    expect(sk.json<PublicTracking>().events[0]!.name).not.toBe(en.json<PublicTracking>().events[0]!.name);
    expect(sk.json<PublicTracking>().view).toBe('full');
    expect(status.json<PublicTracking>()).toMatchObject({ view: 'status', destination_country: null, partner_name: null, partner_tracking_link: null });
  });

  it('keeps the postal-code brake on cached answers: wrong codes counted, then 429 even for the right one', async () => {
    const s = await parcel();
    expect((await timeline(s.tracking_number!, '?zip=81101')).view).toBe('full');
    const quick = DEFAULT_POSTCODE_LIMITS[0]!.wrong;
    const guesser = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.79.0.1', headers: { 'accept-language': 'en' } });
    for (let i = 0; i < quick; i++) expect((await guesser(`/api/v1/tracking/${s.tracking_number}?zip=99999`)).statusCode).toBe(404);
    expect((await guesser(`/api/v1/tracking/${s.tracking_number}?zip=81101`)).statusCode).toBe(429);
    // Without a postal code, the status is still answered.
    expect((await timeline(s.tracking_number!)).view).toBe('status');
  });

  it('keeps the rate limit on cached answers', async () => {
    const s = await parcel();
    const ip = '10.78.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await t.app.inject({ method: 'GET', url: `/api/v1/tracking/${s.tracking_number}`, remoteAddress: ip })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let other: { app: FastifyInstance; database: Database };
  let admin: pg.Client;
  /** The bound this test holds the notification path to (the TTL is the bound only when it is lost). */
  const BOUND_MS = 1_000;

  beforeAll(async () => {
    const url = t.database.jobQueue.connectionString!;
    const database = openPostgres(url);
    const app = await createApp({ db: database.db, webRoot: null });
    await app.ready();
    other = { app, database };
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await other?.app.close();
    await other?.database.close();
  });

  /** Polls `lookup` on the other instance until `done`; answers how long the change took to show. */
  async function seenWithin(lookup: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    await vi.waitFor(async () => expect(await lookup()).toBe(true), { timeout: DEFAULT_TRACKING_CACHE.postgres.ttlMs, interval: 5 });
    return performance.now() - started;
  }

  it('shows through one instance a scan and a partner event made through the other, within the bound', async () => {
    const s = await parcel();
    const tn = s.tracking_number!;
    // The other instance has the parcel cached (a second lookup is a hit).
    expect((await timeline(tn, '', undefined, other.app)).milestone).toBe('CREATED');
    const hits = other.app.trackingLookups.stats().hits;
    expect((await timeline(tn, '', undefined, other.app)).milestone).toBe('CREATED');
    expect(other.app.trackingLookups.stats().hits).toBe(hits + 1);

    expect((await scan(t.app, 'ARRIVED', [tn])).statusCode).toBe(200);
    const scanned = await seenWithin(async () => (await timeline(tn, '', undefined, other.app)).milestone === 'ARRIVED');
    await scan(t.app, 'SENT', [tn]);
    await seenWithin(async () => (await timeline(tn, '', undefined, other.app)).milestone === 'SENT');
    expect((await postEvents(t.app, [feedEvent(tn)])).statusCode).toBe(200);
    const evented = await seenWithin(async () => (await timeline(tn, '', undefined, other.app)).events[0]!.code === 'IN_TRANSIT');
    expect(scanned).toBeLessThan(BOUND_MS);
    expect(evented).toBeLessThan(BOUND_MS);
    // And the other way round.
    await postEvents(other.app, [feedEvent(tn, 'OUT_FOR_DELIVERY')]);
    expect(await seenWithin(async () => (await timeline(tn)).events[0]!.code === 'OUT_FOR_DELIVERY')).toBeLessThan(BOUND_MS);
  });

  it('reads the database while its listening connection is cut, and caches again once it is back', async () => {
    const s = await parcel();
    const tn = s.tracking_number!;
    await timeline(tn, '', undefined, other.app);
    const listeners = async () =>
      (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and query = 'listen ${TRACKING_CHANNEL}'`)).rows.map((r) => r.pid);
    const before = await listeners();
    expect(before).toHaveLength(2);
    // Cut both: whichever is the other instance's, it must not serve what it missed meanwhile.
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    // A change nobody hears.
    const [row] = await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.itemNumber, s.item_number));
    await t.database.db.insert(shipmentEvents).values({ shipmentId: row!.id, status: 'ARRIVED', source: 'depot' });
    expect(await seenWithin(async () => (await timeline(tn, '', undefined, other.app)).events[0]!.code === 'ARRIVED')).toBeLessThan(BOUND_MS);
    // Back (reconnected within about a second) and caching again, and hearing changes.
    await vi.waitFor(async () => expect((await listeners()).filter((pid) => !before.includes(pid))).toHaveLength(2), { timeout: 10_000, interval: 50 });
    await timeline(tn, '', undefined, other.app);
    const hits = other.app.trackingLookups.stats().hits;
    await timeline(tn, '', undefined, other.app);
    expect(other.app.trackingLookups.stats().hits).toBe(hits + 1);
    // The status was left CREATED by the hand-made event: the depot's scan moves it now.
    expect((await scan(t.app, 'ARRIVED', [tn])).json<{ updated: number }>().updated).toBe(1);
    expect(await seenWithin(async () => (await timeline(tn, '', undefined, other.app)).events.length === 3)).toBeLessThan(BOUND_MS);
  });

  it('listens through DATABASE_LISTEN_URL when one is set (PgBouncer in transaction mode cannot carry LISTEN)', async () => {
    const url = t.database.jobQueue.connectionString!;
    const listenUrl = `${url}${url.includes('?') ? '&' : '?'}application_name=portal-listen-url-test`;
    const database = openPostgres(url);
    const third = await createApp({ db: database.db, webRoot: null, listenUrl });
    try {
      await third.ready();
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where application_name = 'portal-listen-url-test' and query = 'listen ${TRACKING_CHANNEL}'`,
      );
      expect(rows[0]!.n).toBe(1);
      const s = await parcel();
      const tn = s.tracking_number!;
      expect((await timeline(tn, '', undefined, third)).milestone).toBe('CREATED');
      expect((await scan(t.app, 'ARRIVED', [tn])).statusCode).toBe(200);
      expect(await seenWithin(async () => (await timeline(tn, '', undefined, third)).milestone === 'ARRIVED')).toBeLessThan(BOUND_MS);
    } finally {
      await third.close();
      await database.close();
    }
  });
});
