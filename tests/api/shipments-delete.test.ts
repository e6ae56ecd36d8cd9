// DELETE /api/v1/shipments/{item_number} and DELETE /api/v1/shipments: status DELETED only from
// CREATED, rows kept with a DELETED event, another company's shipment answers 404 (single) or
// is named in an all-or-nothing 400 (bulk).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { shipmentEvents, shipments } from '#server/db/schema.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user2Token: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

interface ErrorBody {
  message: string;
  error: string;
  errors?: Record<string, string[]>;
}

const deleteOne = (token: string, itemNumber: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${encodeURIComponent(itemNumber)}`, headers: { ...bearer(token), ...headers } });

const deleteMany = (token: string, payload: unknown) => t.app.inject({ method: 'DELETE', url: '/api/v1/shipments', headers: bearer(token), payload: payload as object });

async function rowsOf(list: Shipment[]) {
  return t.database.db.select().from(shipments).where(inArray(shipments.itemNumber, list.map((s) => s.item_number)));
}

async function statuses(list: Shipment[]): Promise<Record<string, string>> {
  return Object.fromEntries((await rowsOf(list)).map((r) => [r.itemNumber, r.status]));
}

async function eventsOf(s: Shipment): Promise<string[]> {
  const [row] = await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.itemNumber, s.item_number));
  const events = await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, row!.id)).orderBy(shipmentEvents.id);
  return events.map((e) => e.status);
}

async function eventCount() {
  return (await t.database.db.select({ id: shipmentEvents.id }).from(shipmentEvents)).length;
}

const mineN = async (n: number) => {
  const list: Shipment[] = [];
  for (let i = 0; i < n; i++) list.push(await createShipment(t.app, userToken, { reference_number: `DEL-${i}` }));
  return list;
};

describe('DELETE /api/v1/shipments/{item_number}', () => {
  it('sets status DELETED, keeps the row and adds a DELETED event', async () => {
    const [s] = await mineN(1);
    const res = await deleteOne(userToken, s!.item_number);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; item_numbers: string[] }>();
    expect(body.item_numbers).toEqual([s!.item_number]);
    expect(body.message).toMatch(/\S/);

    const [row] = await rowsOf([s!]);
    expect(row).toBeDefined();
    expect(row!.status).toBe('DELETED');
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
    expect(await eventsOf(s!)).toEqual(['CREATED', 'DELETED']);

    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/${s!.item_number}`, headers: bearer(userToken) });
    expect(detail.json<Shipment>().status).toBe('DELETED');
  });

  it('accepts a lower-case item number', async () => {
    const [s] = await mineN(1);
    const res = await deleteOne(userToken, s!.item_number.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json<{ item_numbers: string[] }>().item_numbers).toEqual([s!.item_number]);
    expect(await statuses([s!])).toEqual({ [s!.item_number]: 'DELETED' });
  });

  it('answers 400 when the shipment is already DELETED and adds no event', async () => {
    const [s] = await mineN(1);
    expect((await deleteOne(userToken, s!.item_number)).statusCode).toBe(200);
    const again = await deleteOne(userToken, s!.item_number);
    expect(again.statusCode).toBe(400);
    const body = again.json<ErrorBody>();
    expect(body.message).toContain(s!.item_number);
    expect(body.errors).toEqual({ item_numbers: [s!.item_number] });
    expect(await eventsOf(s!)).toEqual(['CREATED', 'DELETED']);
  });

  it.each(['MANIFESTED', 'ARRIVED', 'SENT'] as const)('answers 400 for a %s shipment and leaves it', async (status) => {
    const [s] = await mineN(1);
    await t.database.db.update(shipments).set({ status }).where(eq(shipments.itemNumber, s!.item_number));
    const res = await deleteOne(userToken, s!.item_number);
    expect(res.statusCode).toBe(400);
    expect(await statuses([s!])).toEqual({ [s!.item_number]: status });
    expect(await eventsOf(s!)).toEqual(['CREATED']);
  });

  it("answers demo-user-2 404 for demo-user's shipment, exactly like a missing one, and changes nothing", async () => {
    const [s] = await mineN(1);
    const foreign = await deleteOne(user2Token, s!.item_number);
    const missing = await deleteOne(user2Token, 'PP9999999999');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.json<ErrorBody>().error).toBe('not_found');
    expect(await statuses([s!])).toEqual({ [s!.item_number]: 'CREATED' });
    expect(await eventsOf(s!)).toEqual(['CREATED']);
  });

  it('answers 401 without a token', async () => {
    const [s] = await mineN(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${s!.item_number}` })).statusCode).toBe(401);
    expect(await statuses([s!])).toEqual({ [s!.item_number]: 'CREATED' });
  });
});

describe('DELETE /api/v1/shipments (bulk)', () => {
  it('deletes 3 CREATED shipments', async () => {
    const list = await mineN(3);
    const res = await deleteMany(userToken, { item_numbers: list.map((s) => s.item_number) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; item_numbers: string[] }>();
    expect(body.item_numbers.sort()).toEqual(list.map((s) => s.item_number).sort());
    expect(body.message).toMatch(/\S/);
    expect(Object.values(await statuses(list))).toEqual(['DELETED', 'DELETED', 'DELETED']);
    for (const s of list) expect(await eventsOf(s)).toEqual(['CREATED', 'DELETED']);
  });

  it('deletes a repeated item number once', async () => {
    const [s] = await mineN(1);
    const res = await deleteMany(userToken, { item_numbers: [s!.item_number, s!.item_number.toLowerCase()] });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ item_numbers: string[] }>().item_numbers).toEqual([s!.item_number]);
    expect(await eventsOf(s!)).toEqual(['CREATED', 'DELETED']);
  });

  it('answers 400 naming an already deleted shipment and changes nothing', async () => {
    const list = await mineN(3);
    expect((await deleteOne(userToken, list[1]!.item_number)).statusCode).toBe(200);
    const events = await eventCount();

    const res = await deleteMany(userToken, { item_numbers: list.map((s) => s.item_number) });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.errors).toEqual({ item_numbers: [list[1]!.item_number] });
    expect(body.message).toContain(list[1]!.item_number);
    expect(body.message).not.toContain(list[0]!.item_number);

    expect(await statuses(list)).toEqual({ [list[0]!.item_number]: 'CREATED', [list[1]!.item_number]: 'DELETED', [list[2]!.item_number]: 'CREATED' });
    expect(await eventCount()).toBe(events);
  });

  it("answers 400 naming another company's shipment and changes nothing", async () => {
    const list = await mineN(2);
    const foreign = await createShipment(t.app, user2Token, { receiver_country: 'CZ', receiver_postal_code: '60200' });
    const events = await eventCount();

    const res = await deleteMany(userToken, { item_numbers: [list[0]!.item_number, foreign.item_number, list[1]!.item_number] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().errors).toEqual({ item_numbers: [foreign.item_number] });
    expect(await statuses([...list, foreign])).toEqual({
      [list[0]!.item_number]: 'CREATED',
      [list[1]!.item_number]: 'CREATED',
      [foreign.item_number]: 'CREATED',
    });
    expect(await eventCount()).toBe(events);

    // demo-user-2 cannot delete demo-user's either.
    const reverse = await deleteMany(user2Token, { item_numbers: [foreign.item_number, list[0]!.item_number] });
    expect(reverse.statusCode).toBe(400);
    expect(reverse.json<ErrorBody>().errors).toEqual({ item_numbers: [list[0]!.item_number] });
    expect(await statuses([list[0]!, foreign])).toEqual({ [list[0]!.item_number]: 'CREATED', [foreign.item_number]: 'CREATED' });
  });

  it('answers 400 naming every refused item (deleted, foreign, missing) at once', async () => {
    const list = await mineN(2);
    expect((await deleteOne(userToken, list[0]!.item_number)).statusCode).toBe(200);
    const foreign = await createShipment(t.app, user2Token, { receiver_country: 'CZ', receiver_postal_code: '60200' });
    const res = await deleteMany(userToken, { item_numbers: [list[0]!.item_number, list[1]!.item_number, foreign.item_number, 'PP9999999999'] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().errors).toEqual({ item_numbers: [list[0]!.item_number, foreign.item_number, 'PP9999999999'] });
    expect(await statuses([list[1]!])).toEqual({ [list[1]!.item_number]: 'CREATED' });
  });

  it.each([
    ['no item_numbers', {}],
    ['an empty list', { item_numbers: [] }],
    ['a string instead of a list', { item_numbers: 'PP0000000001' }],
    ['an empty item number', { item_numbers: [''] }],
    ['a number in the list', { item_numbers: [42] }],
    ['501 item numbers', { item_numbers: Array.from({ length: 501 }, (_, i) => `PP${String(i).padStart(10, '0')}`) }],
    ['an item number of 41 characters', { item_numbers: ['P'.repeat(41)] }],
  ])('answers 400 to %s', async (_label, payload) => {
    const events = await eventCount();
    const res = await deleteMany(userToken, payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error).toBe('validation_failed');
    expect(Object.keys(body.errors ?? {}).every((k) => k.startsWith('item_numbers'))).toBe(true);
    expect(await eventCount()).toBe(events);
  });

  it('answers 400 to a missing body', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/shipments', headers: bearer(userToken) });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/shipments', payload: { item_numbers: ['PP0000000001'] } });
    expect(res.statusCode).toBe(401);
  });
});
