// Tracking lookups: GET /api/v1/shipments/track (a stranger gets only where to track; the owner
// and admins get the events) and GET /api/v1/tracking/{tracking_number} (the public timeline),
// the postal code check, tracking links, translations, and the public rate limit.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { PublicTracking, TrackAnswer } from '#shared/contract/tracking.ts';
import { PUBLIC_TRACKING_PER_MINUTE } from '#shared/domain/limits.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import type { ShipmentStatus } from '#shared/domain/enums.ts';
import type { TrackingEventCode } from '#shared/domain/tracking-events.ts';
import { partners, shipmentEvents, shipments } from '#server/db/schema.ts';
import { DEMO_PARTNER_KEY, seedDemo } from '#server/db/seed-demo.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { trackingChanged } from '#server/features/tracking/tracking-changes.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;
let parcel: Shipment;

const RECEIVER = {
  receiver_name: 'Zuzana Privátna',
  receiver_company_name: 'Tajná Firma s.r.o.',
  receiver_address_line_1: 'Skrytá ulica',
  receiver_address_number: '77',
  receiver_city: 'Bratislava',
  receiver_postal_code: '81101',
  receiver_phone: '0905 999 888',
  receiver_email: 'zuzana.privatna@example.com',
  reference_number: 'SECRET-REF-42',
  content: 'Confidential garden gnomes',
};
const PERSONAL = ['Zuzana', 'Privátna', 'Tajná', 'Skrytá', '999', 'zuzana.privatna', 'SECRET-REF-42', 'gnomes', 'Peter Horváth', 'Zelená'];

/** Every lookup comes from its own address unless told: the rate limit is tested on its own. */
let nextAddress = 1;
function get(url: string, options: { token?: string; language?: string; ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: options.ip ?? `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
    headers: { 'accept-language': options.language ?? 'en', ...(options.token ? bearer(options.token) : {}), ...options.headers },
  });
}
const track = (query: string, options: Parameters<typeof get>[1] = {}) => get(`/api/v1/shipments/track?${query}`, options);
const publicTracking = (tn: string, query = '', options: Parameters<typeof get>[1] = {}) => get(`/api/v1/tracking/${encodeURIComponent(tn)}${query}`, options);

/** What the test writes to the database itself reaches the lookups' cache as a writer's change does. */
async function changed(ids: number[] | 'all') {
  await trackingChanged(t.database.db, ids);
  await t.app.trackingLookups.synced();
}

/** Moves a shipment along as depot scans would (the scan endpoint is another feature's), events oldest first. */
async function advance(trackingNumber: string, status: ShipmentStatus, events: Array<[TrackingEventCode, string]>) {
  const db = t.database.db;
  const [row] = await db.update(shipments).set({ status }).where(eq(shipments.trackingNumber, trackingNumber)).returning({ id: shipments.id });
  if (!row) throw new Error(`no shipment ${trackingNumber}`);
  await db.insert(shipmentEvents).values(events.map(([code, at]) => ({ shipmentId: row.id, status: code, source: 'depot', occurredAt: new Date(at) })));
  await changed([row.id]);
}

function expectNoPersonalData(res: LightMyRequestResponse) {
  for (const text of PERSONAL) expect(res.body, `answer contains "${text}"`).not.toContain(text);
}

function expectNotFound(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toEqual({ message: 'Shipment not found', error: 'not_found' });
}

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  parcel = await createShipment(t.app, userToken, RECEIVER);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/shipments/track', () => {
  it('answers a caller without a bearer only the tracking link, the portal page before hand-over', async () => {
    const res = await track(`tracking_number=${parcel.tracking_number}`, { headers: { host: 'portal.test' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tracking_link: `http://portal.test/package/tracking?tracking_number=${parcel.tracking_number}` });
    expectNoPersonalData(res);
  });

  it('answers the owner the events, the link and the partner', async () => {
    const res = await track(`tracking_number=${parcel.tracking_number}`, { token: userToken });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TrackAnswer>();
    expect(Object.keys(body).sort()).toEqual(['events', 'partner_name', 'tracking_link']);
    expect(body.partner_name).toBe('Slovak Parcel Service');
    expect(body.events).toEqual([{ date: expect.any(String), name: 'Shipment created, label ready', code: 'CREATED', location: null }]);
    expect(Date.parse(body.events[0]!.date)).not.toBeNaN();
  });

  it('answers another company only the link, as to a stranger, and an admin everything', async () => {
    const other = await track(`tracking_number=${parcel.tracking_number}`, { token: user2Token });
    expect(other.statusCode).toBe(200);
    expect(Object.keys(other.json())).toEqual(['tracking_link']);
    expectNoPersonalData(other);
    const admin = await track(`tracking_number=${parcel.tracking_number}`, { token: adminToken });
    expect(admin.json<TrackAnswer>().events).toHaveLength(1);
  });

  it('treats an invalid bearer as none (public answer, no 401)', async () => {
    const res = await track(`tracking_number=${parcel.tracking_number}`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['tracking_link']);
  });

  it('finds the number in any case and with spaces around it', async () => {
    const res = await track(`tracking_number=${encodeURIComponent(` ${parcel.tracking_number!.toLowerCase()} `)}`, { token: userToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TrackAnswer>().events).toHaveLength(1);
  });

  it('accepts the postal code however it is written, and 404s a wrong one like an unknown number', async () => {
    for (const zip of ['81101', '811 01', '811-01', ' 811 01 ']) {
      for (const name of ['destination_zip', 'zip']) {
        const res = await track(`tracking_number=${parcel.tracking_number}&${name}=${encodeURIComponent(zip)}`);
        expect(res.statusCode, `${name}=${zip}`).toBe(200);
      }
    }
    expectNotFound(await track(`tracking_number=${parcel.tracking_number}&zip=81102`));
    expectNotFound(await track(`tracking_number=${parcel.tracking_number}&destination_zip=01001`, { token: userToken }));
    // destination_zip wins over zip.
    expectNotFound(await track(`tracking_number=${parcel.tracking_number}&destination_zip=01001&zip=81101`));
    expect((await track(`tracking_number=${parcel.tracking_number}&destination_zip=81101&zip=01001`)).statusCode).toBe(200);
  });

  it('answers 404 "Shipment not found" for an unknown number, translated', async () => {
    expectNotFound(await track('tracking_number=CP99999999SK'));
    const sk = await track('tracking_number=CP99999999SK', { language: 'sk' });
    expect(sk.statusCode).toBe(404);
    expect(sk.json<{ message: string }>().message).toBe(translator('sk')('tracking.not_found'));
  });

  it.each([
    ['', 'tracking_number'],
    ['tracking_number=', 'tracking_number'],
    ['tracking_number=%20%20', 'tracking_number'],
    [`tracking_number=${'X'.repeat(41)}`, 'tracking_number'],
    [`tracking_number=CP1&zip=${'9'.repeat(13)}`, 'zip'],
  ])('answers 400 with field errors to "%s"', async (query, field) => {
    const res = await track(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(field);
  });
});

describe('tracking links and events along the way', () => {
  let sent: Shipment;
  const TEMPLATE = 'https://track.sps.example/parcel?id={tracking_number}&lang=sk';

  beforeAll(async () => {
    await t.database.db.update(partners).set({ trackingUrlTemplate: TEMPLATE }).where(eq(partners.id, PARTNERS.SPS));
    sent = await createShipment(t.app, userToken, RECEIVER);
    // Its creation a day before the depot's scans below.
    const [row] = await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.trackingNumber, sent.tracking_number!));
    await t.database.db.update(shipmentEvents).set({ occurredAt: new Date('2026-01-04T10:00:00Z') }).where(eq(shipmentEvents.shipmentId, row!.id));
    await changed('all');
  });

  it('links the portal page while the carrier has the parcel, even when the partner has a template', async () => {
    await advance(sent.tracking_number!, 'ARRIVED', [['MANIFESTED', '2026-01-05T08:00:00Z'], ['ARRIVED', '2026-01-05T14:30:00Z']]);
    const res = await track(`tracking_number=${sent.tracking_number}`, { headers: { host: 'portal.test' } });
    expect(res.json()).toEqual({ tracking_link: `http://portal.test/package/tracking?tracking_number=${sent.tracking_number}` });
    const timeline = (await publicTracking(sent.tracking_number!)).json<PublicTracking>();
    expect(timeline.partner_tracking_link).toBeNull();
    expect(timeline.milestone).toBe('ARRIVED');
  });

  it("links the partner's page once SENT, the number URL-encoded (to a stranger only with the postal code)", async () => {
    await advance(sent.tracking_number!, 'SENT', [['SENT', '2026-01-06T09:15:00Z']]);
    const expected = TEMPLATE.replace('{tracking_number}', encodeURIComponent(sent.tracking_number!));
    expect((await track(`tracking_number=${sent.tracking_number}&zip=81101`)).json()).toEqual({ tracking_link: expected });
    // Without it, the partner's page would name the partner: the portal's page instead.
    expect((await track(`tracking_number=${sent.tracking_number}`, { headers: { host: 'portal.test' } })).json()).toEqual({
      tracking_link: `http://portal.test/package/tracking?tracking_number=${sent.tracking_number}`,
    });
    const owner = (await track(`tracking_number=${sent.tracking_number}`, { token: userToken })).json<TrackAnswer>();
    expect(owner.tracking_link).toBe(expected);
    // Newest first; the descriptions are the events' messages.
    expect(owner.events.map((e) => e.code)).toEqual(['SENT', 'ARRIVED', 'MANIFESTED', 'CREATED']);
    expect(owner.events.map((e) => e.name).slice(0, 3)).toEqual(['Handed to the delivery partner', 'Arrived at the depot', 'Handed over to the carrier (manifest)']);
    expect(owner.events[0]!.date).toBe('2026-01-06T09:15:00.000Z');
    expect((await publicTracking(sent.tracking_number!, '?zip=81101')).json<PublicTracking>().partner_tracking_link).toBe(expected);
    expect((await publicTracking(sent.tracking_number!)).json<PublicTracking>().partner_tracking_link).toBeNull();
  });

  it('describes the events in the Accept-Language', async () => {
    const sk = translator('sk');
    for (const language of ['sk', 'sk-SK,sk;q=0.9,en;q=0.5']) {
      const owner = (await track(`tracking_number=${sent.tracking_number}`, { token: userToken, language })).json<TrackAnswer>();
      expect(owner.events.map((e) => e.name)).toEqual(owner.events.map((e) => sk(`tracking.event.${e.code}`)));
      const timeline = (await publicTracking(sent.tracking_number!, '', { language })).json<PublicTracking>();
      expect(timeline.events.map((e) => e.name)).toEqual(owner.events.map((e) => e.name));
    }
  });

  it('keeps the portal link for a partner without a template', async () => {
    await t.database.db.update(partners).set({ trackingUrlTemplate: null }).where(eq(partners.id, PARTNERS.SPS));
    await changed('all');
    try {
      const res = await track(`tracking_number=${sent.tracking_number}`, { headers: { host: 'portal.test:8080' } });
      expect(res.json()).toEqual({ tracking_link: `http://portal.test:8080/package/tracking?tracking_number=${sent.tracking_number}` });
      expect((await publicTracking(sent.tracking_number!)).json<PublicTracking>().partner_tracking_link).toBeNull();
    } finally {
      await t.database.db.update(partners).set({ trackingUrlTemplate: TEMPLATE }).where(eq(partners.id, PARTNERS.SPS));
      await changed('all');
    }
  });
});

describe('GET /api/v1/tracking/{tracking_number}', () => {
  it('answers the timeline without personal data, to anyone', async () => {
    const res = await publicTracking(parcel.tracking_number!, '?zip=811%2001');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PublicTracking>();
    expect(body).toEqual({
      tracking_number: parcel.tracking_number,
      view: 'full',
      destination_country: 'SK',
      milestone: 'CREATED',
      deleted: false,
      events: [{ date: expect.any(String), name: 'Shipment created, label ready', code: 'CREATED', location: null }],
      partner_name: 'Slovak Parcel Service',
      partner_tracking_link: null,
    });
    expectNoPersonalData(res);
    // The owner sees the same without the postal code; a stranger only the status.
    const owner = await publicTracking(parcel.tracking_number!, '', { token: userToken });
    expect(owner.json()).toEqual(body);
    expectNoPersonalData(owner);
    const stranger = await publicTracking(parcel.tracking_number!, '', { token: user2Token });
    expect(stranger.json()).toEqual({ ...body, view: 'status', destination_country: null, partner_name: null });
  });

  it('answers 404 for an unknown number or a wrong postal code', async () => {
    expectNotFound(await publicTracking('CP00000000SK'));
    expectNotFound(await publicTracking(parcel.tracking_number!, '?zip=01001'));
    expect((await publicTracking(parcel.tracking_number!.toLowerCase(), '?zip=81101')).statusCode).toBe(200);
  });

  it('shows a cancelled shipment as deleted, with no milestone', async () => {
    const doomed = await createShipment(t.app, userToken, RECEIVER);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${doomed.item_number}`, headers: bearer(userToken) });
    expect(del.statusCode, del.body).toBe(200);
    const body = (await publicTracking(doomed.tracking_number!)).json<PublicTracking>();
    expect(body.deleted).toBe(true);
    expect(body.milestone).toBeNull();
    expect(body.events.map((e) => e.code)).toEqual(['DELETED', 'CREATED']);
  });

  it.each([`${'X'.repeat(41)}`, '%20'])('answers 400 to the number "%s"', async (tn) => {
    const res = await get(`/api/v1/tracking/${tn}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('tracking_number');
  });
});

describe('public rate limit', () => {
  const lookups = (count: number, ip: string, url: (i: number) => string, token?: string) =>
    Promise.all(Array.from({ length: count }, (_, i) => get(url(i), { ip, ...(token ? { token } : {}) })));

  it(`answers 429 with Retry-After, translated, after ${PUBLIC_TRACKING_PER_MINUTE} lookups a minute from one address, both routes together`, async () => {
    const ip = '192.0.2.10';
    // Half on each route: they share one budget. Unknown numbers count too.
    const first = await lookups(PUBLIC_TRACKING_PER_MINUTE, ip, (i) => (i % 2 ? `/api/v1/tracking/${parcel.tracking_number}` : `/api/v1/shipments/track?tracking_number=CP${i}`));
    expect(first.map((r) => r.statusCode).filter((s) => s === 429)).toHaveLength(0);
    const over = await get(`/api/v1/tracking/${parcel.tracking_number}`, { ip, language: 'sk' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.json()).toEqual({ message: 'Príliš veľa požiadaviek. Skúste to neskôr.', error: 'too_many_requests' });
    expect((await track(`tracking_number=${parcel.tracking_number}`, { ip })).statusCode).toBe(429);
    // An invalid bearer is no way around it.
    expect((await track(`tracking_number=${parcel.tracking_number}`, { ip, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(429);
    // Other addresses are not affected; X-Forwarded-For is not trusted without TRUST_PROXY.
    expect((await track(`tracking_number=${parcel.tracking_number}`, { ip: '192.0.2.11' })).statusCode).toBe(200);
    expect((await track(`tracking_number=${parcel.tracking_number}`, { ip, headers: { 'x-forwarded-for': '198.51.100.7' } })).statusCode).toBe(429);
  });

  it('does not throttle signed-in callers by the public limit', async () => {
    const ip = '192.0.2.20';
    const res = await lookups(PUBLIC_TRACKING_PER_MINUTE * 2, ip, () => `/api/v1/shipments/track?tracking_number=${parcel.tracking_number}`, userToken);
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    // ...nor does a signed-in caller use up the address's public budget.
    expect((await track(`tracking_number=${parcel.tracking_number}`, { ip })).statusCode).toBe(200);
  });
});

describe('a second server: behind a trusted proxy, on the demo seed with shipments', () => {
  let demo: TestApp;

  beforeAll(async () => {
    demo = await createTestApp({ seed: false, trustProxy: 1, publicUrl: 'https://portal.example.com' });
    expect(await seedDemo(demo.database.db, { shipments: true })).toBe(true);
  });

  afterAll(async () => {
    await demo?.close();
  });

  it('counts each client behind the proxy by its X-Forwarded-For address', async () => {
    const from = (client: string) =>
      demo.app.inject({ method: 'GET', url: '/api/v1/tracking/CP00000000SK', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < PUBLIC_TRACKING_PER_MINUTE; i++) expect((await from('203.0.113.5')).statusCode).toBe(404);
    expect((await from('203.0.113.5')).statusCode).toBe(429);
    expect((await from('203.0.113.6')).statusCode).toBe(404);
    // A client's own left-most entries are not its address: the proxy's (right-most) entry is.
    expect((await from('198.51.100.99, 203.0.113.5')).statusCode).toBe(429);
  });

  it('hands out tracking links on PUBLIC_URL whatever X-Forwarded-Host says', async () => {
    const token = (await signIn(demo.app, DEMO.user.clientId, DEMO.user.secret)).token;
    const listed = await demo.app.inject({ method: 'GET', url: '/api/v1/shipments?take=100', headers: bearer(token) });
    const arrived = listed.json<{ shipments: Shipment[] }>().shipments.find((s) => s.status === 'ARRIVED');
    const res = await demo.app.inject({
      method: 'GET',
      url: `/api/v1/shipments/track?tracking_number=${arrived?.tracking_number}`,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ tracking_link: string }>().tracking_link).toMatch(/^https:\/\/portal\.example\.com\/package\/tracking\?/);
  });

  it('gives demo-user parcels with real timelines, and the demo SPS key signs feed requests', async () => {
    expect(await seedDemo(demo.database.db, { shipments: true })).toBe(false);
    const token = (await signIn(demo.app, DEMO.user.clientId, DEMO.user.secret)).token;
    const listed = await demo.app.inject({ method: 'GET', url: '/api/v1/shipments?take=100', headers: bearer(token) });
    const rows = listed.json<{ shipments: Shipment[] }>().shipments;
    expect(rows.map((s) => s.status).sort()).toEqual(['ARRIVED', 'SENT', 'SENT', 'SENT', 'SENT']);

    const timelines = await Promise.all(rows.map(async (s) => (await demo.app.inject({ method: 'GET', url: `/api/v1/tracking/${s.tracking_number}`, headers: bearer(token) })).json<PublicTracking>()));
    expect(timelines.map((tl) => tl.milestone).sort()).toEqual(['ARRIVED', 'DELIVERED', 'OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY', 'SENT']);
    for (const tl of timelines) {
      const times = tl.events.map((e) => Date.parse(e.date));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(times.every((time) => time <= Date.now())).toBe(true);
      expect(tl.partner_tracking_link === null).toBe(tl.milestone === 'ARRIVED');
    }
    const delivered = timelines.find((tl) => tl.milestone === 'DELIVERED')!;
    expect(delivered.events.map((e) => e.code)).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'IN_TRANSIT', 'SENT', 'ARRIVED', 'MANIFESTED', 'CREATED']);
    expect(delivered.partner_tracking_link).toBe(`https://example.com/track/sps?parcel=${delivered.tracking_number}`);

    const manifests = await demo.app.inject({ method: 'GET', url: '/api/v1/manifests', headers: bearer(token) });
    expect(manifests.statusCode, manifests.body).toBe(200);

    const inTransit = timelines.find((tl) => tl.milestone === 'SENT')!;
    const body = JSON.stringify({ events: [{ event_id: 'try-1', tracking_number: inTransit.tracking_number, code: 'IN_TRANSIT', occurred_at: new Date().toISOString(), location: 'SPS Senec hub' }] });
    const ts = Math.floor(Date.now() / 1000);
    const fed = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/partner/events',
      headers: { 'content-type': 'application/json', 'x-partner-key': DEMO_PARTNER_KEY.id, 'x-partner-timestamp': String(ts), 'x-partner-signature': signPartnerRequest(DEMO_PARTNER_KEY.secret, ts, body) },
      payload: body,
    });
    expect(fed.statusCode, fed.body).toBe(200);
    expect(fed.json()).toEqual({ results: [{ event_id: 'try-1', result: 'recorded' }] });
  });
});
