// Issue 18, the security review's tracking findings: the postal code as an oracle (wrong postal
// codes limited per parcel, whoever asks), what a lookup without the postal code shows (walking the
// sequential tracking numbers tells nobody where parcels go or who delivers them), and what a
// partner's feed may put on the public page (event times, the location's shape, parcels the
// carrier never took over).
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { PartnerEventsAnswer } from '#shared/contract/partner-events.ts';
import type { PublicTracking, TrackAnswer } from '#shared/contract/tracking.ts';
import { PARTNERS, type ShipmentStatus } from '#shared/domain/enums.ts';
import { partners, shipmentEvents, shipments } from '#server/db/schema.ts';
import { createPartnerKey } from '#server/features/tracking/partner-keys.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { DEFAULT_POSTCODE_LIMITS } from '#server/features/tracking/postcode-attempts.ts';
import { trackingChanged } from '#server/features/tracking/tracking-changes.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;
let spsKey: { id: string; secret: string };

const TEMPLATE = 'https://track.sps.example/parcel?id={tracking_number}';
const WRONG_ALLOWED = DEFAULT_POSTCODE_LIMITS[0]!.wrong;
const QUICK_WINDOW = DEFAULT_POSTCODE_LIMITS[0]!.windowSeconds;

/** Every request from an address of its own: the per-address limit is not what is tested here. */
let nextAddress = 1;
const address = () => `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function get(url: string, options: { token?: string; language?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: options.ip ?? address(),
    headers: { 'accept-language': options.language ?? 'en', ...(options.token ? bearer(options.token) : {}) },
  });
}
const timeline = (tn: string, query = '', options: Parameters<typeof get>[1] = {}) => get(`/api/v1/tracking/${tn}${query}`, options);
const track = (query: string, options: Parameters<typeof get>[1] = {}) => get(`/api/v1/shipments/track?${query}`, options);

/** What the test writes to the database itself reaches the lookups' cache as a writer's change does. */
async function changed(ids: number[] | 'all') {
  await trackingChanged(t.database.db, ids);
  await t.app.trackingLookups.synced();
}

async function setStatus(trackingNumber: string, status: ShipmentStatus, createdAt?: Date) {
  await t.database.db
    .update(shipments)
    .set({ status, ...(createdAt ? { createdAt } : {}) })
    .where(eq(shipments.trackingNumber, trackingNumber));
  await changed([await shipmentId(trackingNumber)]);
}

async function shipmentId(trackingNumber: string): Promise<number> {
  const [row] = await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.trackingNumber, trackingNumber));
  return row!.id;
}

/** A parcel of demo-user to Bratislava 811 01 (SPS), created a day ago. */
async function parcel(status: ShipmentStatus = 'CREATED'): Promise<string> {
  const created: Shipment = await createShipment(t.app, userToken, { receiver_postal_code: '811 01' });
  const dayAgo = new Date(Date.now() - 86_400_000);
  await setStatus(created.tracking_number!, status, dayAgo);
  await t.database.db.update(shipmentEvents).set({ occurredAt: dayAgo }).where(eq(shipmentEvents.shipmentId, await shipmentId(created.tracking_number!)));
  await changed([await shipmentId(created.tracking_number!)]);
  return created.tracking_number!;
}

function expectLimited(res: LightMyRequestResponse, field = 'zip') {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(QUICK_WINDOW);
  const message = 'Too many wrong postal codes for this parcel. Try again later, or track it without the postal code.';
  expect(res.json()).toEqual({ message, error: 'too_many_requests', errors: { [field]: [message] }, codes: { [field]: ['postal_code.too_many_attempts'] } });
}

const expectNotFound = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toEqual({ message: 'Shipment not found', error: 'not_found' });
};

let eventNo = 0;
const feedEvent = (trackingNumber: string, overrides: Record<string, unknown> = {}) => ({
  event_id: `HARD-${++eventNo}`,
  tracking_number: trackingNumber,
  code: 'IN_TRANSIT',
  occurred_at: new Date(Date.now() - 60_000).toISOString(),
  location: 'SPS Senec hub',
  ...overrides,
});

function postEvents(events: unknown[]) {
  const raw = JSON.stringify({ events });
  const ts = Math.floor(Date.now() / 1000);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/partner/events',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-partner-key': spsKey.id, 'x-partner-timestamp': String(ts), 'x-partner-signature': signPartnerRequest(spsKey.secret, ts, raw) },
    payload: raw,
  });
}

async function storedPartnerEvents(trackingNumber: string) {
  return (await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, await shipmentId(trackingNumber)))).filter((e) => e.source === 'partner:SPS');
}

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  spsKey = (await createPartnerKey(t.database.db, 'SPS'))!;
  await t.database.db.update(partners).set({ trackingUrlTemplate: TEMPLATE }).where(eq(partners.id, PARTNERS.SPS));
  await changed('all');
});

afterAll(async () => {
  await t?.close();
});

describe('the postal code is no oracle: wrong ones are limited per parcel and caller, with a ceiling per parcel', () => {
  it(`answers a crawler 429 after ${WRONG_ALLOWED} wrong postal codes, to the right one too, on both routes, while the recipient elsewhere still gets the full view (issue 30)`, async () => {
    const tn = await parcel();
    const crawler = '10.88.0.1';
    // One address, on either route, with either parameter.
    expectNotFound(await timeline(tn, '?zip=81102', { ip: crawler }));
    expectNotFound(await timeline(tn, '?zip=81103', { ip: crawler }));
    expectNotFound(await track(`tracking_number=${tn}&zip=81104`, { ip: crawler }));
    expectNotFound(await track(`tracking_number=${tn}&destination_zip=81105`, { ip: crawler }));
    expectNotFound(await timeline(tn, '?zip=81106', { ip: crawler }));

    expectLimited(await timeline(tn, '?zip=81107', { ip: crawler }));
    // The right postal code tells the crawler nothing now either: the limit does not depend on the answer.
    expectLimited(await timeline(tn, '?zip=811%2001', { ip: crawler }));
    expectLimited(await track(`tracking_number=${tn}&destination_zip=81101`, { ip: crawler }), 'destination_zip');
    expectLimited(await track(`tracking_number=${tn}&zip=81101`, { ip: crawler }));
    // Translated like every message.
    const sk = await timeline(tn, '?zip=81101', { language: 'sk', ip: crawler });
    expect(sk.statusCode).toBe(429);
    expect(sk.json<{ message: string }>().message).not.toBe('');

    // The recipient, from their own phone, opens the full view with the right postal code.
    const recipient = await timeline(tn, '?zip=811%2001', { ip: '10.88.0.2' });
    expect(recipient.statusCode, recipient.body).toBe(200);
    expect(recipient.json<PublicTracking>().view).toBe('full');
    expect((await track(`tracking_number=${tn}&zip=81101`, { ip: '10.88.0.3' })).statusCode).toBe(200);
    // Without a postal code the crawler gets the status, as anyone.
    const status = await timeline(tn, '', { ip: crawler });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json<PublicTracking>().view).toBe('status');
    // The owner and admins can read the postal code anyway: not limited.
    expect((await timeline(tn, '?zip=81101', { token: userToken })).json<PublicTracking>().view).toBe('full');
    expect((await timeline(tn, '?zip=81101', { token: adminToken })).json<PublicTracking>().view).toBe('full');
    expect((await track(`tracking_number=${tn}&zip=81101`, { token: userToken })).json<TrackAnswer>().events).toHaveLength(1);
  });

  it('counts a signed-in caller of another company by its account, whatever its address', async () => {
    const tn = await parcel();
    for (let i = 0; i < WRONG_ALLOWED; i++) expectNotFound(await timeline(tn, `?zip=8110${i + 2}`, { token: user2Token }));
    expectLimited(await timeline(tn, '?zip=81101', { token: user2Token }));
    expect((await timeline(tn, '?zip=81101')).json<PublicTracking>().view).toBe('full');
  });

  it('compares at most the allowed number of guesses sent at once', async () => {
    const tn = await parcel();
    const guesses = Array.from({ length: 30 }, (_, i) => `9${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(guesses.map((zip) => timeline(tn, `?zip=${zip}`, { ip: '10.88.1.1' })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(WRONG_ALLOWED);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - WRONG_ALLOWED);
    expectLimited(await timeline(tn, '?zip=81101', { ip: '10.88.1.1' }));
  });

  it('counts only wrong postal codes: the right one, however written, costs nothing', async () => {
    const tn = await parcel();
    const ip = '10.88.2.1';
    for (const zip of ['81101', '811%2001', '811-01', '81101', '811%2001', '81101', '81101']) {
      expect((await timeline(tn, `?zip=${zip}`, { ip })).statusCode).toBe(200);
    }
    for (let i = 1; i < WRONG_ALLOWED; i++) expectNotFound(await timeline(tn, `?zip=0000${i}`, { ip }));
    expect((await timeline(tn, '?zip=81101', { ip })).statusCode).toBe(200);
    expectNotFound(await timeline(tn, '?zip=00009', { ip }));
    expectLimited(await timeline(tn, '?zip=81101', { ip }));
    // The owner's own wrong postal code is a 404 and counts for nothing.
    expectNotFound(await timeline(tn, '?zip=00010', { token: userToken }));
  });

  it('does not count unknown numbers (nothing to guess) and keeps them 404', async () => {
    for (let i = 0; i < WRONG_ALLOWED + 2; i++) expectNotFound(await timeline('CP00000000SK', `?zip=0100${i}`, { ip: '10.88.3.1' }));
  });
});

describe('without the postal code: the status, not where it goes or who delivers it', () => {
  let tn: string;

  beforeAll(async () => {
    tn = await parcel('SENT');
    const id = await shipmentId(tn);
    const hour = 3_600_000;
    await t.database.db.insert(shipmentEvents).values([
      { shipmentId: id, status: 'ARRIVED', source: 'depot', occurredAt: new Date(Date.now() - 5 * hour), location: 'Žilina depot' },
      { shipmentId: id, status: 'SENT', source: 'depot', occurredAt: new Date(Date.now() - 4 * hour), location: 'Žilina depot' },
      { shipmentId: id, status: 'AT_PICKUP_POINT', source: 'partner:SPS', partnerEventId: `view-${tn}`, occurredAt: new Date(Date.now() - hour), location: 'SPS pickup point Nitra Centrum' },
    ]);
    await changed([id]);
  });

  it('answers a stranger and another company the milestone, the events and their times only', async () => {
    for (const token of [undefined, user2Token]) {
      const res = await timeline(tn, '', token ? { token } : {});
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<PublicTracking>();
      expect(body).toEqual({
        tracking_number: tn,
        view: 'status',
        destination_country: null,
        milestone: 'OUT_FOR_DELIVERY',
        deleted: false,
        events: [
          { date: expect.any(String), name: 'Ready for collection at the pickup point', code: 'AT_PICKUP_POINT', location: null },
          { date: expect.any(String), name: 'Handed to the delivery partner', code: 'SENT', location: null },
          { date: expect.any(String), name: 'Arrived at the depot', code: 'ARRIVED', location: null },
          { date: expect.any(String), name: 'Shipment created, label ready', code: 'CREATED', location: null },
        ],
        partner_name: null,
        partner_tracking_link: null,
      });
      for (const hidden of ['Slovak Parcel Service', 'sps.example', 'Nitra', 'Žilina']) expect(res.body).not.toContain(hidden);
    }
  });

  it('answers the full view with the right postal code, to the owner and to admins', async () => {
    const withZip = (await timeline(tn, '?zip=81101')).json<PublicTracking>();
    expect(withZip.view).toBe('full');
    expect(withZip.destination_country).toBe('SK');
    expect(withZip.partner_name).toBe('Slovak Parcel Service');
    expect(withZip.partner_tracking_link).toBe(TEMPLATE.replace('{tracking_number}', tn));
    expect(withZip.events.map((e) => e.location)).toEqual(['SPS pickup point Nitra Centrum', 'Žilina depot', 'Žilina depot', null]);
    expect((await timeline(tn, '', { token: userToken })).json()).toEqual(withZip);
    expect((await timeline(tn, '', { token: adminToken })).json()).toEqual(withZip);
  });

  it("links a stranger the portal's page, the partner's only with the postal code", async () => {
    const portal = (await track(`tracking_number=${tn}`)).json<{ tracking_link: string }>();
    expect(portal.tracking_link).toMatch(/\/package\/tracking\?tracking_number=/);
    expect((await track(`tracking_number=${tn}&zip=81101`)).json()).toEqual({ tracking_link: TEMPLATE.replace('{tracking_number}', tn) });
    expect((await track(`tracking_number=${tn}`, { token: user2Token })).json()).toEqual(portal);
    expect((await track(`tracking_number=${tn}`, { token: userToken })).json<TrackAnswer>().tracking_link).toBe(TEMPLATE.replace('{tracking_number}', tn));
  });
});

describe("the partner feed's content", () => {
  const PERSONAL_LOCATION = 'Jana Nováková, Hlavná 12, Senec, +421 905 123 456 <img src=x onerror=alert(1)>';

  it('refuses the review\'s event: a location with a name, an address, a phone and markup (400), then DELIVERED for a CREATED parcel dated 2099 (rejected)', async () => {
    const tn = await parcel('CREATED');
    const shaped = await postEvents([feedEvent(tn, { code: 'DELIVERED', occurred_at: '2099-01-01T10:00:00Z', location: PERSONAL_LOCATION })]);
    expect(shaped.statusCode, shaped.body).toBe(400);
    expect(Object.keys(shaped.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['events.0.location']);
    expect(shaped.json<{ errors: Record<string, string[]> }>().errors['events.0.location']).toContain(
      'A location must be a depot, hub or pickup point of our network, named by its town or its id (such as PT10015), at most 60 characters: no person’s name, street, number or postal code.',
    );

    const event = feedEvent(tn, { code: 'DELIVERED', occurred_at: '2099-01-01T10:00:00Z', location: 'Senec' });
    const res = await postEvents([event]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PartnerEventsAnswer>().results).toEqual([{ event_id: event.event_id, result: 'rejected', reason: 'not_handed_over' }]);
    expect(await storedPartnerEvents(tn)).toHaveLength(0);
    expect((await timeline(tn, '?zip=81101')).json<PublicTracking>().milestone).toBe('CREATED');
  });

  it.each([
    ['a phone number', 'SPS Senec 0905 123 456'],
    ['an e-mail address', 'jana@example.com'],
    ['a web address', 'www.evil.example'],
    ['markup', '<b>Senec</b>'],
    ['a line break', 'Senec\nHlavná 12'],
    ['61 characters', `Senec ${'x'.repeat(55)}`],
    // Issue 30: the review's two, shaped like places.
    ['a person’s name', 'Jana Novakova'],
    ['a street, a number, a town and a postal code', 'Hlavna 12 Zilina 010 01'],
  ])('refuses a location with %s, and records nothing of the batch (400)', async (_, location) => {
    const tn = await parcel('SENT');
    const res = await postEvents([feedEvent(tn), feedEvent(tn, { location })]);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['events.1.location']);
    expect(res.json<{ codes: Record<string, string[]> }>().codes['events.1.location']).toContain('location.not_a_place');
    expect(await storedPartnerEvents(tn)).toHaveLength(0);
  });

  it('rejects per event what happened in the future or before the shipment existed, and records the rest', async () => {
    const tn = await parcel('SENT');
    const createdAt = new Date(Date.now() - 2 * 86_400_000);
    await setStatus(tn, 'SENT', createdAt);
    const minute = 60_000;
    const at = (ms: number) => new Date(ms).toISOString();
    const batch = [
      feedEvent(tn, { occurred_at: '2099-01-01T10:00:00Z' }),
      feedEvent(tn, { occurred_at: at(Date.now() + 6 * minute) }),
      feedEvent(tn, { occurred_at: at(Date.now() + 4 * minute), code: 'OUT_FOR_DELIVERY' }),
      feedEvent(tn, { occurred_at: at(createdAt.getTime() - 6 * minute) }),
      feedEvent(tn, { occurred_at: '2020-01-01T00:00:00+01:00' }),
      feedEvent(tn, { occurred_at: at(createdAt.getTime() - 4 * minute), location: null }),
      feedEvent(tn, { occurred_at: at(createdAt.getTime() + 60 * minute), location: '' }),
    ];
    const res = await postEvents(batch);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PartnerEventsAnswer>().results).toEqual([
      { event_id: batch[0]!.event_id, result: 'rejected', reason: 'occurred_in_future' },
      { event_id: batch[1]!.event_id, result: 'rejected', reason: 'occurred_in_future' },
      { event_id: batch[2]!.event_id, result: 'recorded' },
      { event_id: batch[3]!.event_id, result: 'rejected', reason: 'occurred_before_shipment' },
      { event_id: batch[4]!.event_id, result: 'rejected', reason: 'occurred_before_shipment' },
      { event_id: batch[5]!.event_id, result: 'recorded' },
      { event_id: batch[6]!.event_id, result: 'recorded' },
    ]);
    const stored = await storedPartnerEvents(tn);
    expect(stored.map((e) => e.partnerEventId).sort()).toEqual([batch[2]!.event_id, batch[5]!.event_id, batch[6]!.event_id].sort());
    // A rejected event_id was not used up: sent again corrected, it is recorded.
    const fixed = await postEvents([{ ...batch[0], occurred_at: at(Date.now() - minute) }]);
    expect(fixed.json<PartnerEventsAnswer>().results).toEqual([{ event_id: batch[0]!.event_id, result: 'recorded' }]);
  });

  it('accepts events once the carrier has the parcel (MANIFESTED, ARRIVED, SENT), not while CREATED or after a cancellation', async () => {
    const byStatus: Array<[ShipmentStatus, string]> = [
      ['CREATED', 'rejected'],
      ['DELETED', 'rejected'],
      ['MANIFESTED', 'recorded'],
      ['ARRIVED', 'recorded'],
      ['SENT', 'recorded'],
    ];
    const numbers = await Promise.all(byStatus.map(([status]) => parcel(status)));
    const batch = numbers.map((tn) => feedEvent(tn));
    const results = (await postEvents(batch)).json<PartnerEventsAnswer>().results;
    expect(results.map((r) => [r.result, r.reason])).toEqual(byStatus.map(([, result]) => [result, result === 'rejected' ? 'not_handed_over' : undefined]));
  });

  it('keeps what was stored before these rules off the public page: partner events of a parcel never handed over, future times, locations that are no place', async () => {
    const created = await parcel('CREATED');
    const sent = await parcel('SENT');
    const [createdId, sentId] = [await shipmentId(created), await shipmentId(sent)];
    await t.database.db.insert(shipmentEvents).values([
      { shipmentId: createdId, status: 'DELIVERED', source: 'partner:SPS', partnerEventId: `old-1-${created}`, occurredAt: new Date(Date.now() - 60_000), location: 'Senec' },
      { shipmentId: sentId, status: 'DELIVERED', source: 'partner:SPS', partnerEventId: `old-2-${sent}`, occurredAt: new Date('2099-01-01T10:00:00Z'), location: 'Senec' },
      { shipmentId: sentId, status: 'IN_TRANSIT', source: 'partner:SPS', partnerEventId: `old-3-${sent}`, occurredAt: new Date(Date.now() - 60_000), location: PERSONAL_LOCATION },
    ]);
    await changed([createdId, sentId]);
    const never = (await timeline(created, '?zip=81101')).json<PublicTracking>();
    expect(never.events.map((e) => e.code)).toEqual(['CREATED']);
    expect(never.milestone).toBe('CREATED');
    const res = await timeline(sent, '?zip=81101');
    const body = res.json<PublicTracking>();
    expect(body.milestone).toBe('SENT');
    expect(body.events.map((e) => [e.code, e.location])).toEqual([['IN_TRANSIT', null], ['CREATED', null]]);
    expect(res.body).not.toContain('Nováková');
    // The owner's lookup shows the same events.
    const owner = (await track(`tracking_number=${sent}`, { token: userToken })).json<TrackAnswer>();
    expect(owner.events.map((e) => [e.code, e.location])).toEqual([['IN_TRANSIT', null], ['CREATED', null]]);
  });
});
