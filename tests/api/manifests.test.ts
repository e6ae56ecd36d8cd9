// Manifests (POST api/v1/manifests/generate, GET /api/v1/manifests, GET …/download/{id}): one per
// pickup address and partner, a PDF for one and a zip for several, the shipments MANIFESTED with an
// event, no parcel on two manifests, and every manifest visible only to its company (and admins).
import { unzipSync } from 'fflate';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestList } from '#shared/contract/manifests.ts';
import type { Shipment } from '#shared/contract/shipments.ts';
import { clients, shipmentEvents, shipments } from '#server/db/schema.ts';
import { processImport } from '#server/features/imports/import-job.ts';
import { createImport } from '#server/features/imports/imports.service.ts';
import { pdfInfo, pdfText, qpdfCheck } from '../setup/pdf-tools.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

const generate = (payload: Record<string, unknown>, token = userToken) => t.app.inject({ method: 'POST', url: '/api/v1/manifests/generate', headers: { ...bearer(token), 'accept-language': 'en' }, payload });
const list = async (token = userToken, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/manifests${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ManifestList>();
};
const statusesOf = async (items: Shipment[]) =>
  (await t.database.db.select({ status: shipments.status }).from(shipments).where(inArray(shipments.itemNumber, items.map((s) => s.item_number)))).map((r) => r.status);

describe('generating from a selection', () => {
  it('makes one manifest PDF for one pickup address and partner, and the shipments become MANIFESTED with an event', async () => {
    const picked = [await createShipment(t.app, userToken, { cod_amount: 10.5 }), await createShipment(t.app, userToken, { cod_amount: 2 }), await createShipment(t.app, userToken, { weight: 3 })];
    const res = await generate({ item_numbers: picked.map((s) => s.item_number) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const filename = /filename=(manifest_MF\d{10}\.pdf)/.exec(String(res.headers['content-disposition']))?.[1];
    expect(filename).toBeDefined();
    qpdfCheck(res.rawPayload);
    const text = pdfText(res.rawPayload);
    for (const s of picked) expect(text).toContain(s.tracking_number!);
    expect(text).toContain('Hand-over manifest');
    expect(text).toMatch(/12[.,]50\s*EUR/);
    expect(await statusesOf(picked)).toEqual(['MANIFESTED', 'MANIFESTED', 'MANIFESTED']);
    const ids = (await t.database.db.select({ id: shipments.id }).from(shipments).where(inArray(shipments.itemNumber, picked.map((s) => s.item_number)))).map((r) => r.id);
    const events = await t.database.db.select().from(shipmentEvents).where(and(inArray(shipmentEvents.shipmentId, ids), eq(shipmentEvents.status, 'MANIFESTED')));
    expect(events).toHaveLength(3);

    // The same parcels cannot go on a second manifest.
    const again = await generate({ item_numbers: [picked[0]!.item_number] });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ errors: { item_numbers: string[] } }>().errors.item_numbers).toEqual([picked[0]!.item_number]);
  });

  it('answers a zip of one PDF per partner when the selection goes to several', async () => {
    const sk = await createShipment(t.app, userToken);
    const cz = await createShipment(t.app, userToken, { receiver_country: 'CZ', receiver_city: 'Brno', receiver_postal_code: '60200', receiver_phone: '+420601123456' });
    expect(sk.partner_name).not.toBe(cz.partner_name);
    const res = await generate({ item_numbers: [sk.item_number, cz.item_number] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/filename=manifests_.*\.zip/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^manifest_MF\d{10}\.pdf$/);
      qpdfCheck(files[name]!);
    }
  });

  it('refuses another company’s shipment or an unknown one, and changes nothing', async () => {
    const mine = await createShipment(t.app, userToken);
    const theirs = await createShipment(t.app, user2Token);
    const res = await generate({ item_numbers: [mine.item_number, theirs.item_number] });
    expect(res.statusCode).toBe(400);
    expect(await statusesOf([mine, theirs])).toEqual(['CREATED', 'CREATED']);
    expect((await generate({ item_numbers: [] })).statusCode).toBe(400);
  });
});

describe('generating for an import and for a pickup address and partner', () => {
  it('puts the import’s CREATED shipments on manifests, then has nothing left to hand over', async () => {
    const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    const principal = { clientId: user!.id, companyId: user!.companyId, role: 'USER' as const };
    const rows = ['receiver_name;receiver_address_line_1;receiver_city;receiver_postal_code;receiver_country;receiver_phone;receiver_email;content;weight;width;height;length'];
    for (let i = 0; i < 12; i++) rows.push(`Eva Kováčová ${i};Hlavná 1;Žilina;01001;SK;0905123456;eva@example.com;Knihy;1,5;20;20;20`);
    const importId = await createImport(t.database.db, principal, { type: 'csv', filename: 'day.csv', file: Buffer.from(rows.join('\n')).toString('base64') });
    await processImport(t.database.db, importId);
    expect((await generate({ importId }, user2Token)).statusCode).toBe(404);
    const res = await generate({ importId });
    expect(res.statusCode, res.body).toBe(200);
    expect(pdfInfo(res.rawPayload).pages).toBeGreaterThanOrEqual(1);
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/Parcels\s+12/);
    const again = await generate({ importId });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe('There are no shipments in status CREATED to put on a manifest.');
  });

  it('hands over every CREATED shipment of a pickup address and partner (end of day)', async () => {
    const a = await createShipment(t.app, userToken);
    const b = await createShipment(t.app, userToken);
    const [row] = await t.database.db.select({ pickup: shipments.pickupAddressId, partner: shipments.partnerId }).from(shipments).where(eq(shipments.itemNumber, a.item_number));
    const res = await generate({ pickup_address_id: row!.pickup, partner_id: row!.partner });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusesOf([a, b])).toEqual(['MANIFESTED', 'MANIFESTED']);
    // Another company's pickup address is refused.
    const foreign = await generate({ pickup_address_id: row!.pickup, partner_id: row!.partner }, user2Token);
    expect(foreign.statusCode).toBe(400);
  });
});

describe('the list and downloads', () => {
  it('lists the company’s manifests newest first; admins see every company with its name; others see none of them', async () => {
    const mine = await list();
    expect(mine.count).toBeGreaterThanOrEqual(5);
    expect(mine.manifests[0]!.companyName).toBeUndefined();
    const dates = mine.manifests.map((m) => m.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(mine.manifests.every((m) => m.shipment_count > 0 && m.shipment_partner.length > 0)).toBe(true);
    const admin = await list(adminToken);
    expect(admin.manifests[0]!.companyName).toBeTruthy();
    expect((await list(user2Token)).manifests.some((m) => mine.manifests.some((x) => x.id === m.id))).toBe(false);
    const paged = await list(userToken, '?skip=1&take=2');
    expect(paged.manifests.map((m) => m.id)).toEqual(mine.manifests.slice(1, 3).map((m) => m.id));
  });

  it('downloads a manifest as a PDF; another company’s is not found', async () => {
    const [first] = (await list()).manifests;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/manifests/download/${first!.id}`, headers: bearer(userToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`manifest_${first!.id}.pdf`);
    qpdfCheck(res.rawPayload);
    expect(pdfText(res.rawPayload)).toContain(first!.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/manifests/download/${first!.id}`, headers: bearer(user2Token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/manifests/download/MF0000099999`, headers: bearer(userToken) })).statusCode).toBe(404);
  });
});
