// The delivery status on the shipment (issue 29 item 4, README note 103): tracking milestones
// from depot scans, partner events and deletes in the list, the detail and the filter; updated_at
// moved by every change; and the sync list (`updated_since`, `cursor`) without gaps or repeats
// while shipments are being created.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSyncCursor, type Shipment } from '#shared/contract/shipments.ts';
import { queryRows } from '#server/db/client.ts';
import { shipments } from '#server/db/schema.ts';
import { createPartnerKey } from '#server/features/tracking/partner-keys.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;
let sps: { id: string; secret: string };

interface ListBody {
  shipments: Shipment[];
  count: number;
  next_cursor?: string;
}

async function listOk(token: string, query: string): Promise<ListBody> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

async function detail(itemNumber: string): Promise<Shipment> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/${itemNumber}`, headers: bearer(userToken) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Shipment>();
}

async function scan(status: 'ARRIVED' | 'SENT', parcel: Shipment, scannedAt?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/shipments/parcel-status',
    headers: bearer(adminToken),
    payload: { status, parcels_id: [parcel.tracking_number], ...(scannedAt ? { scanned_at: scannedAt } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

let eventNo = 0;
async function partnerEvent(parcel: Shipment, code: string, occurredAt: Date) {
  const raw = JSON.stringify({ events: [{ event_id: `TS-${++eventNo}`, tracking_number: parcel.tracking_number, code, occurred_at: occurredAt.toISOString() }] });
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/partner/events',
    headers: { 'content-type': 'application/json', 'x-partner-key': sps.id, 'x-partner-timestamp': String(timestamp), 'x-partner-signature': signPartnerRequest(sps.secret, timestamp, raw) },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ results: { result: string }[] }>().results[0]!.result).toBe('recorded');
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  sps = (await createPartnerKey(t.database.db, 'sps'))!;
});

afterAll(async () => {
  await t?.close();
});

describe('tracking milestones', () => {
  it('follow depot scans and partner events, never backwards for a late older event, in the detail and the list', async () => {
    const parcel = await createShipment(t.app, userToken);
    expect(parcel.partner_name).toBe('Slovak Parcel Service');
    expect(parcel.tracking_status).toBe('created');
    expect(parcel.tracking_status_at).toBe(parcel.created_at);
    // Created two days ago, so that the partner's events below fall after it.
    await t.database.db.update(shipments).set({ createdAt: hoursAgo(48) }).where(sql`${shipments.itemNumber} = ${parcel.item_number}`);

    await scan('ARRIVED', parcel, hoursAgo(30).toISOString());
    expect((await detail(parcel.item_number)).tracking_status).toBe('handed_over');
    await scan('SENT', parcel, hoursAgo(29).toISOString());
    let shown = await detail(parcel.item_number);
    expect([shown.tracking_status, shown.tracking_status_at]).toEqual(['in_transit', hoursAgo(29).toISOString().slice(0, 13) + shown.tracking_status_at.slice(13)]);

    await partnerEvent(parcel, 'OUT_FOR_DELIVERY', hoursAgo(5));
    const outAt = hoursAgo(5);
    shown = await detail(parcel.item_number);
    expect(shown.tracking_status).toBe('out_for_delivery');
    expect(Math.abs(new Date(shown.tracking_status_at).getTime() - outAt.getTime())).toBeLessThan(5_000);
    const before = shown.updated_at;

    // A partner's IN_TRANSIT of yesterday arriving late changes nothing, updated_at included.
    await partnerEvent(parcel, 'IN_TRANSIT', hoursAgo(20));
    shown = await detail(parcel.item_number);
    expect([shown.tracking_status, shown.updated_at]).toEqual(['out_for_delivery', before]);

    // A failed attempt after it: exception; then delivered; a late older failure leaves it delivered.
    await partnerEvent(parcel, 'DELIVERY_FAILED', hoursAgo(4));
    shown = await detail(parcel.item_number);
    expect(shown.tracking_status).toBe('exception');
    expect(shown.updated_at > before).toBe(true);
    await partnerEvent(parcel, 'DELIVERED', hoursAgo(2));
    await partnerEvent(parcel, 'DELIVERY_FAILED', hoursAgo(3));
    shown = await detail(parcel.item_number);
    expect(shown.tracking_status).toBe('delivered');
    expect(shown.status).toBe('SENT');

    // The list shows it and filters by it.
    const delivered = await listOk(userToken, '?tracking_status=delivered');
    expect(delivered.shipments.map((s) => [s.item_number, s.tracking_status])).toEqual([[parcel.item_number, 'delivered']]);
    expect(delivered.count).toBe(1);
    const created = await listOk(userToken, '?tracking_status=created&take=100');
    expect(created.shipments.some((s) => s.item_number === parcel.item_number)).toBe(false);

    // A return after delivery overrides it.
    await partnerEvent(parcel, 'RETURNED', hoursAgo(1));
    expect((await detail(parcel.item_number)).tracking_status).toBe('returned');
  });

  it('marks a deleted shipment cancelled, and moves its updated_at', async () => {
    const parcel = await createShipment(t.app, userToken);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${parcel.item_number}`, headers: bearer(userToken) });
    expect(res.statusCode, res.body).toBe(200);
    const shown = await detail(parcel.item_number);
    expect([shown.status, shown.tracking_status]).toEqual(['DELETED', 'cancelled']);
    expect(shown.updated_at > parcel.updated_at).toBe(true);
  });

  it('is what the backfill computes from the events (migration 0021: the rebuild finds nothing to change)', async () => {
    const [row] = await queryRows<{ changed: string }>(t.database.db, sql`select shipment_tracking_status_rebuild()::text as changed`);
    expect(row!.changed).toBe('0');
  });

  it('refuses an unknown milestone, a malformed time or cursor, and sync with skip or order, with field errors', async () => {
    for (const [query, field] of [
      ['?tracking_status=lost', 'tracking_status'],
      ['?updated_since=yesterday', 'updated_since'],
      ['?cursor=not-a-cursor', 'cursor'],
      ['?updated_since=2026-01-01T00:00:00Z&skip=20', 'skip'],
      ['?updated_since=2026-01-01T00:00:00Z&order=oldest', 'order'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments${query}`, headers: bearer(userToken) });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, unknown> }>().errors), query).toEqual([field]);
    }
    // Times at the ends of what the contract takes answer pages, never 500.
    for (const query of ['?updated_since=0001-01-01T00:00:00Z', '?updated_since=9999-12-31T23:59:59%2B14:00', `?cursor=${encodeSyncCursor({ updatedAtMicros: 9_007_199_254_740_991, id: 9_007_199_254_740_991 })}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments${query}`, headers: bearer(userToken) });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    }
  });
});

describe('sync list (updated_since, cursor)', () => {
  it('hands out every change once, in (updated_at, id) order, while creates run concurrently', async () => {
    const start = new Date().toISOString();
    const created: string[] = [];
    const seen: string[] = [];
    let cursor: string | undefined;
    let creating = true;
    // Resolved after each batch of creates: a sync that caught up waits for the next one.
    let batchDone = () => {};
    let nextBatch = new Promise<void>((resolve) => (batchDone = resolve));
    const writers = (async () => {
      for (let round = 0; round < 8; round++) {
        const batch = await Promise.all(Array.from({ length: 5 }, () => createShipment(t.app, userToken)));
        created.push(...batch.map((s) => s.item_number));
        if (round === 7) creating = false;
        const done = batchDone;
        nextBatch = new Promise<void>((resolve) => (batchDone = resolve));
        done();
      }
    })();
    // Page while they are written, then until a short page once they are all done.
    for (let pages = 0; ; pages++) {
      expect(pages, 'the sync never caught up').toBeLessThan(100);
      const done = !creating;
      const batch = nextBatch;
      const page = await listOk(userToken, cursor ? `?cursor=${cursor}&take=3` : `?updated_since=${encodeURIComponent(start)}&take=3`);
      seen.push(...page.shipments.map((s) => s.item_number));
      const order = page.shipments.map((s) => s.updated_at);
      expect(order).toEqual([...order].sort());
      expect(page.next_cursor).toBeTruthy();
      cursor = page.next_cursor;
      if (page.shipments.length < 3) {
        if (done) break;
        await batch;
      }
    }
    await writers;
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...created].sort());

    // Nothing new: the same cursor answers an empty page and keeps its place.
    const idle = await listOk(userToken, `?cursor=${cursor}`);
    expect([idle.shipments, idle.count, idle.next_cursor]).toEqual([[], 0, cursor]);

    // A change of one already seen hands it out again, once.
    await scan('ARRIVED', (await detail(created[0]!)) as Shipment);
    const after = await listOk(userToken, `?cursor=${cursor}`);
    expect(after.shipments.map((s) => [s.item_number, s.tracking_status])).toEqual([[created[0], 'handed_over']]);
  });

  it('pages with the other filters, counts what is left, and keeps to the caller\'s company', async () => {
    const start = new Date().toISOString();
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push((await createShipment(t.app, userToken)).item_number);
    const user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
    const theirs = await createShipment(t.app, user2Token, { receiver_country: 'SK' });
    const first = await listOk(userToken, `?updated_since=${encodeURIComponent(start)}&take=2`);
    expect([first.shipments.map((s) => s.item_number), first.count]).toEqual([mine.slice(0, 2), 4]);
    const second = await listOk(userToken, `?cursor=${first.next_cursor}&take=2&tracking_status=created`);
    expect(second.shipments.map((s) => s.item_number)).toEqual(mine.slice(2));
    const admin = await listOk(adminToken, `?updated_since=${encodeURIComponent(start)}&take=100`);
    expect(admin.shipments.map((s) => s.item_number)).toEqual([...mine, theirs.item_number]);
    expect(admin.shipments.at(-1)!.company_name).toBeTruthy();
  });
});
