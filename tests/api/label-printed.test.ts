// A label's printed status (issue 33): a shipment says when its label file was first made for a
// caller and how often (reprints count), the list filters by it, and "not printed" prints the
// company's waiting shipments never printed, oldest first, each batch only once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { pdfInfo, pdfText } from '../setup/pdf-tools.ts';
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

const getLabel = (item: string, token = userToken) => t.app.inject({ method: 'GET', url: `/api/v1/shipments/getLabel/${item}`, headers: bearer(token) });
const postLabels = (payload: Record<string, unknown>, token = userToken) => t.app.inject({ method: 'POST', url: '/api/v1/shipments/labels', headers: bearer(token), payload });
const list = async (query: string, token = userToken) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments?take=100&${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ shipments: Shipment[]; count: number }>();
};
const find = async (item: string) => (await list(`item_number=${item}`)).shipments[0]!;

/** Prints every label of the user's company that is not yet printed, so a test starts from none waiting. */
async function printAllWaiting() {
  const res = await postLabels({ layout: 'A4', not_printed: true });
  expect([200, 400]).toContain(res.statusCode);
}

describe('a shipment’s label printed status', () => {
  it('starts unprinted, and each label file made counts; the first print’s time stays', async () => {
    const shipment = await createShipment(t.app, userToken, { receiver_name: 'Printed Once' });
    expect(shipment).toMatchObject({ label_printed_at: null, label_prints: 0 });
    expect((await getLabel(shipment.item_number)).statusCode).toBe(200);
    const first = await find(shipment.item_number);
    expect(first.label_prints).toBe(1);
    expect(Date.parse(first.label_printed_at!)).toBeGreaterThan(Date.parse(shipment.created_at) - 1000);
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/getLabel/${shipment.item_number}`, headers: { ...bearer(userToken), accept: 'application/pdf' } });
    expect(file.statusCode).toBe(200);
    const again = await find(shipment.item_number);
    expect(again).toMatchObject({ label_prints: 2, label_printed_at: first.label_printed_at });
  });

  it('counts the labels of a bulk file, and nothing when the file is refused', async () => {
    const [a, b] = [await createShipment(t.app, userToken), await createShipment(t.app, userToken)];
    const refused = await postLabels({ layout: 'A4', item_numbers: [a.item_number, 'PP9999999999'] });
    expect(refused.statusCode).toBe(400);
    expect((await find(a.item_number)).label_prints).toBe(0);
    const res = await postLabels({ layout: 'A4', item_numbers: [a.item_number, b.item_number] });
    expect(res.statusCode, res.body).toBe(200);
    for (const s of [a, b]) expect((await find(s.item_number)).label_prints).toBe(1);
  });

  it('filters the list by printed and not printed, counting each exactly', async () => {
    await printAllWaiting();
    const fresh = await createShipment(t.app, userToken);
    const notPrinted = await list('label_printed=false');
    expect(notPrinted.shipments.map((s) => s.item_number)).toContain(fresh.item_number);
    expect(notPrinted.shipments.every((s) => s.label_printed_at === null)).toBe(true);
    expect(notPrinted.count).toBe(notPrinted.shipments.length);
    const printed = await list('label_printed=true');
    expect(printed.shipments.every((s) => s.label_printed_at !== null && s.label_prints > 0)).toBe(true);
    expect(printed.shipments.map((s) => s.item_number)).not.toContain(fresh.item_number);
    const all = await list('');
    expect(printed.count + notPrinted.count).toBe(all.count);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/shipments?label_printed=maybe', headers: bearer(userToken) });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.body).toContain('label_printed');
  });
});

describe('POST /api/v1/shipments/labels with not_printed', () => {
  it('prints the waiting shipments never printed, oldest first, once; then says none wait', async () => {
    await printAllWaiting();
    const made = [];
    for (const name of ['Oldest Waiting', 'Middle Waiting', 'Newest Waiting']) made.push(await createShipment(t.app, userToken, { receiver_name: name }));
    expect((await getLabel(made[1]!.item_number)).statusCode).toBe(200);
    const foreign = await createShipment(t.app, user2Token, { receiver_name: 'Other Company' });

    const res = await postLabels({ layout: 'A4', not_printed: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdfInfo(pdf).pages).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('Oldest Waiting');
    expect(text).toContain('Newest Waiting');
    expect(text).not.toContain('Middle Waiting');
    expect(text).not.toContain('Other Company');
    expect(text.indexOf('Oldest Waiting')).toBeLessThan(text.indexOf('Newest Waiting'));
    for (const s of [made[0]!, made[2]!]) expect((await find(s.item_number)).label_prints).toBe(1);
    expect((await find(made[1]!.item_number)).label_prints).toBe(1);

    const none = await postLabels({ layout: 'A4', not_printed: true });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toMatch(/printed/);
    // The other company's shipment still waits for its own clerk.
    const theirs = await postLabels({ layout: 'A4', not_printed: true }, user2Token);
    expect(theirs.statusCode).toBe(200);
    expect(pdfText(theirs.rawPayload)).toContain('Other Company');
    void foreign;
  });

  it('leaves a deleted or handed-over shipment out', async () => {
    await printAllWaiting();
    const gone = await createShipment(t.app, userToken, { receiver_name: 'Deleted Before Print' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${gone.item_number}`, headers: bearer(userToken) });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect((await postLabels({ layout: 'A4', not_printed: true })).statusCode).toBe(400);
  });

  it('takes either item_numbers or not_printed, never both or neither', async () => {
    const s = await createShipment(t.app, userToken);
    for (const payload of [{ layout: 'A4' }, { layout: 'A4', item_numbers: [s.item_number], not_printed: true }, { layout: 'A4', not_printed: false }]) {
      const res = await postLabels(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
