// The delivery partners' event feed (POST /api/v1/partner/events): HMAC-signed raw body, the
// timestamp window, replay refusal, revoked keys, validation after the signature, results per
// event, and what tracking then shows.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { PartnerEventsAnswer } from '#shared/contract/partner-events.ts';
import type { TrackAnswer } from '#shared/contract/tracking.ts';
import { PARTNER_SIGNATURE_WINDOW_SECONDS } from '#shared/domain/limits.ts';
import { partnerRequestSignatures, shipmentEvents, shipments } from '#server/db/schema.ts';
import { createPartnerKey, revokePartnerKey } from '#server/features/tracking/partner-keys.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { runRetention } from '#server/jobs/retention.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let sps: { id: string; secret: string };
let postOne: { id: string; secret: string };
let spsParcel: Shipment;
let postOneParcel: Shipment;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** POST /api/v1/partner/events signed with `key` (timestamp, signature and headers overridable). */
function postSigned(
  key: { id: string; secret: string },
  body: unknown,
  options: { timestamp?: number; signature?: string; headers?: Record<string, string | undefined>; language?: string } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? nowSeconds();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'accept-language': options.language ?? 'en',
    'x-partner-key': key.id,
    'x-partner-timestamp': String(timestamp),
    'x-partner-signature': options.signature ?? signPartnerRequest(key.secret, timestamp, raw),
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return t.app.inject({ method: 'POST', url: '/api/v1/partner/events', headers, payload: raw });
}

let eventNo = 0;
function event(trackingNumber: string, overrides: Record<string, unknown> = {}) {
  return { event_id: `EV-${++eventNo}`, tracking_number: trackingNumber, code: 'IN_TRANSIT', occurred_at: '2026-03-02T08:15:00+01:00', location: 'Bratislava hub', ...overrides };
}

const results = (res: { json<T>(): T }) => res.json<PartnerEventsAnswer>().results;

async function eventsOf(trackingNumber: string) {
  const [row] = await t.database.db.select({ id: shipments.id, status: shipments.status }).from(shipments).where(eq(shipments.trackingNumber, trackingNumber));
  const events = await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, row!.id));
  return { status: row!.status, events };
}

function expectSignatureInvalid(res: { statusCode: number; json<T>(): T; body: string }) {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toEqual({ message: 'The request signature is missing, wrong or too old.', error: 'unauthorized' });
}

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  spsParcel = await createShipment(t.app, userToken);
  postOneParcel = await createShipment(t.app, userToken, { receiver_country: 'DE', product: 'TRC', weight: 0.5, receiver_postal_code: '10115' });
  expect(spsParcel.partner_name).toBe('Slovak Parcel Service');
  expect(postOneParcel.partner_name).toBe('PostOne');
  // Handed over to the partners (a partner reports only on parcels it has), created before the events below.
  await t.database.db
    .update(shipments)
    .set({ status: 'SENT', createdAt: new Date('2026-03-01T00:00:00Z') })
    .where(inArray(shipments.trackingNumber, [spsParcel.tracking_number!, postOneParcel.tracking_number!]));
  sps = (await createPartnerKey(t.database.db, 'sps'))!;
  postOne = (await createPartnerKey(t.database.db, 'POSTONE'))!;
});

afterAll(async () => {
  await t?.close();
});

describe('accepted requests', () => {
  it("records the partner's events on its own parcels, without touching the shipment status", async () => {
    const batch = [
      event(spsParcel.tracking_number!, { occurred_at: '2026-03-02T08:15:00+01:00' }),
      event(spsParcel.tracking_number!.toLowerCase(), { code: 'OUT_FOR_DELIVERY', occurred_at: '2026-03-03T07:00:00Z', location: null }),
      event(spsParcel.tracking_number!, { code: 'DELIVERED', occurred_at: '2026-03-03T11:42:00Z', location: undefined }),
    ];
    const res = await postSigned(sps, { events: batch });
    expect(res.statusCode, res.body).toBe(200);
    expect(results(res)).toEqual(batch.map((e) => ({ event_id: e.event_id, result: 'recorded' })));

    const stored = await eventsOf(spsParcel.tracking_number!);
    expect(stored.status).toBe('SENT');
    const fromPartner = stored.events.filter((e) => e.source === 'partner:SPS');
    expect(fromPartner.map((e) => [e.status, e.occurredAt.toISOString(), e.location, e.partnerEventId])).toEqual([
      ['IN_TRANSIT', '2026-03-02T07:15:00.000Z', 'Bratislava hub', batch[0]!.event_id],
      ['OUT_FOR_DELIVERY', '2026-03-03T07:00:00.000Z', null, batch[1]!.event_id],
      ['DELIVERED', '2026-03-03T11:42:00.000Z', null, batch[2]!.event_id],
    ]);

    // Tracking shows them, newest first (by when they happened), with the partner's location.
    const track = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/track?tracking_number=${spsParcel.tracking_number}`, headers: bearer(userToken) });
    const events = track.json<TrackAnswer>().events.filter((e) => e.code !== 'CREATED');
    expect(events.map((e) => [e.code, e.name, e.location])).toEqual([
      ['DELIVERED', 'Delivered', null],
      ['OUT_FOR_DELIVERY', 'Out for delivery', null],
      ['IN_TRANSIT', 'In transit', 'Bratislava hub'],
    ]);
  });

  it('answers duplicate for an event_id sent before or twice in one batch; results keep the input order', async () => {
    const first = event(spsParcel.tracking_number!);
    expect(results(await postSigned(sps, { events: [first] }))).toEqual([{ event_id: first.event_id, result: 'recorded' }]);
    const fresh = event(spsParcel.tracking_number!, { code: 'AT_PICKUP_POINT' });
    const res = await postSigned(sps, { events: [first, fresh, { ...fresh, code: 'DELIVERED' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(results(res)).toEqual([
      { event_id: first.event_id, result: 'duplicate' },
      { event_id: fresh.event_id, result: 'recorded' },
      { event_id: fresh.event_id, result: 'duplicate' },
    ]);
    const stored = (await eventsOf(spsParcel.tracking_number!)).events.filter((e) => e.partnerEventId === fresh.event_id);
    expect(stored.map((e) => e.status)).toEqual(['AT_PICKUP_POINT']);
  });

  it("answers not_found for another partner's parcel or an unknown number, and records the rest", async () => {
    const theirs = event(postOneParcel.tracking_number!);
    const unknown = event('CP00000000SK');
    const mine = event(spsParcel.tracking_number!);
    const res = await postSigned(sps, { events: [theirs, unknown, mine] });
    expect(results(res)).toEqual([
      { event_id: theirs.event_id, result: 'not_found' },
      { event_id: unknown.event_id, result: 'not_found' },
      { event_id: mine.event_id, result: 'recorded' },
    ]);
    expect((await eventsOf(postOneParcel.tracking_number!)).events.map((e) => e.status)).toEqual(['CREATED']);
    // Its own partner may report on it; event ids are the partner's own, so they may repeat another's.
    const same = await postSigned(postOne, { events: [{ ...theirs }] });
    expect(results(same)).toEqual([{ event_id: theirs.event_id, result: 'recorded' }]);
    const reused = await postSigned(postOne, { events: [event(postOneParcel.tracking_number!, { event_id: mine.event_id })] });
    expect(results(reused)).toEqual([{ event_id: mine.event_id, result: 'recorded' }]);
  });

  it('accepts a timestamp just inside the window, either way', async () => {
    for (const skew of [-(PARTNER_SIGNATURE_WINDOW_SECONDS - 5), PARTNER_SIGNATURE_WINDOW_SECONDS - 5]) {
      const res = await postSigned(sps, { events: [event(spsParcel.tracking_number!)] }, { timestamp: nowSeconds() + skew });
      expect(res.statusCode, `skew ${skew}: ${res.body}`).toBe(200);
    }
  });
});

describe('refused requests', () => {
  const body = () => ({ events: [event(spsParcel.tracking_number!)] });

  it('refuses a wrong signature (401), whatever is wrong with it', async () => {
    const raw = JSON.stringify(body());
    const ts = nowSeconds();
    const cases: Array<Record<string, string | undefined>> = [
      { 'x-partner-signature': signPartnerRequest('not-the-secret', ts, raw) },
      { 'x-partner-signature': signPartnerRequest(sps.secret, ts, `${raw} `) },
      { 'x-partner-signature': signPartnerRequest(sps.secret, ts + 1, raw) },
      { 'x-partner-signature': signPartnerRequest(sps.secret, ts, raw).replace('sha256=', 'sha1=') },
      { 'x-partner-signature': signPartnerRequest(sps.secret, ts, raw).slice(0, -2) },
      { 'x-partner-signature': 'sha256=zz' },
      { 'x-partner-signature': undefined },
      { 'x-partner-timestamp': undefined },
      { 'x-partner-timestamp': 'yesterday' },
      { 'x-partner-key': undefined },
      { 'x-partner-key': 'pk_unknown' },
      // The other partner's key id with SPS's signature.
      { 'x-partner-key': postOne.id },
    ];
    for (const headers of cases) expectSignatureInvalid(await postSigned(sps, raw, { timestamp: ts, headers }));
    // A bearer is not a signature.
    expectSignatureInvalid(await postSigned(sps, raw, { headers: { 'x-partner-signature': undefined, authorization: `Bearer ${userToken}` } }));
  });

  it('refuses a timestamp outside the window (401)', async () => {
    for (const skew of [-(PARTNER_SIGNATURE_WINDOW_SECONDS + 2), PARTNER_SIGNATURE_WINDOW_SECONDS + 2, -86_400]) {
      expectSignatureInvalid(await postSigned(sps, body(), { timestamp: nowSeconds() + skew }));
    }
  });

  it('refuses a replayed request (409) and records nothing twice', async () => {
    const raw = JSON.stringify(body());
    const ts = nowSeconds();
    const first = await postSigned(sps, raw, { timestamp: ts });
    expect(first.statusCode, first.body).toBe(200);
    const again = await postSigned(sps, raw, { timestamp: ts, language: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This signed request was already received.', error: 'conflict' });
    // Re-signed with a new timestamp it is a new request; the event itself is a duplicate.
    const resent = await postSigned(sps, raw, { timestamp: ts + 1 });
    expect(results(resent)).toEqual([{ event_id: JSON.parse(raw).events[0].event_id, result: 'duplicate' }]);
  });

  it('refuses a revoked key at once (401)', async () => {
    const key = (await createPartnerKey(t.database.db, 'SPS'))!;
    expect((await postSigned(key, body())).statusCode).toBe(200);
    expect(await revokePartnerKey(t.database.db, key.id)).toBe(true);
    expect(await revokePartnerKey(t.database.db, key.id)).toBe(false);
    expectSignatureInvalid(await postSigned(key, body()));
  });

  it('validates the body after the signature (400 with field errors)', async () => {
    const tn = spsParcel.tracking_number!;
    const cases: Array<[unknown, string]> = [
      [{ events: [] }, 'events'],
      [{}, 'events'],
      [[], '_'],
      [{ events: [event(tn, { code: 'LOST_IN_SPACE' })] }, 'events.0.code'],
      [{ events: [event(tn), event(tn, { code: 'SENT' })] }, 'events.1.code'],
      [{ events: [event(tn, { occurred_at: 'yesterday' })] }, 'events.0.occurred_at'],
      [{ events: [event(tn, { occurred_at: '2026-03-02T08:15:00' })] }, 'events.0.occurred_at'],
      [{ events: [event(tn, { occurred_at: '2026-02-30T08:15:00Z' })] }, 'events.0.occurred_at'],
      [{ events: [event(tn, { event_id: '' })] }, 'events.0.event_id'],
      [{ events: [event(tn, { event_id: 'x'.repeat(101) })] }, 'events.0.event_id'],
      [{ events: [event(tn, { location: 'x'.repeat(101) })] }, 'events.0.location'],
      [{ events: [event('')] }, 'events.0.tracking_number'],
      [{ events: [event(tn, { tracking_number: 42 })] }, 'events.0.tracking_number'],
      [{ events: Array.from({ length: 501 }, () => event(tn)) }, 'events'],
    ];
    for (const [payload, field] of cases) {
      const res = await postSigned(sps, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors), JSON.stringify(payload).slice(0, 200)).toContain(field);
    }
    // Nothing of it was recorded.
    const stored = (await eventsOf(tn)).events.filter((e) => e.partnerEventId?.startsWith('EV-') && e.status === 'SENT');
    expect(stored).toHaveLength(0);
  });

  it('answers 400 to signed bytes that are not JSON, 401 to unsigned ones, 415 to other content types', async () => {
    const signed = await postSigned(sps, '{"events": [');
    expect(signed.statusCode).toBe(400);
    expect(signed.json<{ error: string }>().error).toBe('malformed_body');
    expectSignatureInvalid(await postSigned(sps, '{"events": [', { headers: { 'x-partner-signature': undefined } }));
    const empty = await postSigned(sps, '');
    expect(empty.statusCode).toBe(400);
    const form = await postSigned(sps, 'events=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const text = await postSigned(sps, '{}', { headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
  });
});

describe('replay store', () => {
  it('keeps each signature until its timestamp leaves the window, then purges it', async () => {
    const ts = nowSeconds();
    const res = await postSigned(sps, { events: [event(spsParcel.tracking_number!)] }, { timestamp: ts });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(partnerRequestSignatures);
    const mine = rows.find((r) => r.expiresAt.getTime() === (ts + PARTNER_SIGNATURE_WINDOW_SECONDS + 1) * 1000);
    expect(mine).toBeDefined();
    await t.database.db.insert(partnerRequestSignatures).values({ signature: 'old', expiresAt: new Date(Date.now() - 1000) });
    // The retention job's deletion of expired rows (jobs/retention.ts).
    await runRetention(t.database.db, 'expired');
    const left = await t.database.db.select().from(partnerRequestSignatures);
    expect(left.some((r) => r.signature === 'old')).toBe(false);
    expect(left.some((r) => r.signature === mine!.signature)).toBe(true);
  });
});
