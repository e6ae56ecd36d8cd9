// The pickup-point directory kept current from the partners' lists (issue 15): POST
// /api/v1/admin/pickup-points/import (CSV and JSON in the per-partner format; the diff against
// the partner's points: added, changed, unchanged, deactivated; refused rows by number and field;
// a file of another partner refused whole) and GET …/imports; a deactivated point leaves the
// picker and is refused for a new shipment, and comes back when the partner lists it again.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointDirectoryImport } from '#shared/contract/admin-pickup-points.ts';
import type { PickupPointList } from '#shared/contract/pickup-points.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { auditLog, clients, partnerServices, pickupPoints, pointDirectoryImports } from '#server/db/schema.ts';
import { DEMO_PICKUP_POINTS, type PickupPointInsert } from '#server/db/seed-pickup-points.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { postShipment, shipmentPayload } from './shipments-fixtures.ts';

const en = translator('en');
const URL_IMPORT = '/api/v1/admin/pickup-points/import';
const URL_HISTORY = '/api/v1/admin/pickup-points/imports';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  const secretHash = await hashSecret('role-test-secret');
  for (const role of ['OFFICER', 'REPORTER'] as const) {
    await t.database.db.insert(clients).values({ companyId: user!.companyId, clientId: `pd-${role.toLowerCase()}`, secretHash, name: role, email: `pd-${role.toLowerCase()}@example.com`, role });
    tokens[role] = (await signIn(t.app, `pd-${role.toLowerCase()}`, 'role-test-secret')).token;
  }
  tokens.USER = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  tokens.ADMIN = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

interface ErrorBody {
  message: string;
  error: string;
  errors?: Record<string, string[]>;
}

const bearer = (role: string) => ({ authorization: `Bearer ${tokens[role]}` });

function upload(payload: { partner_id: number; format: 'csv' | 'json'; content: string | Uint8Array; filename?: string }, role = 'ADMIN') {
  const bytes = typeof payload.content === 'string' ? Buffer.from(payload.content, 'utf8') : Buffer.from(payload.content);
  return t.app.inject({
    method: 'POST',
    url: URL_IMPORT,
    headers: bearer(role),
    payload: { partner_id: payload.partner_id, format: payload.format, filename: payload.filename ?? `points.${payload.format}`, file: bytes.toString('base64') },
  });
}

async function uploadOk(payload: Parameters<typeof upload>[0]): Promise<PointDirectoryImport> {
  const res = await upload(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PointDirectoryImport>();
}

type CsvRow = Record<string, string>;
const SK_HEADER = ['Kód', 'Názov', 'Typ', 'Ulica', 'Mesto', 'PSČ', 'Krajina', 'GPS lat', 'GPS lng', 'Otváracie hodiny'];
const SK_KEYS = ['id', 'name', 'type', 'street', 'city', 'zip', 'country', 'lat', 'lng', 'hours'] as const;

/** A point of the seed as a row of SPS's CSV: Slovak headers, `;`, decimal commas, "day=hours". */
function spsRow(p: PickupPointInsert): CsvRow {
  const hours = Object.entries(JSON.parse(p.openingHours) as Record<string, string>)
    .map(([day, span]) => `${day}=${span}`)
    .join(';');
  return {
    id: p.id, name: p.name, type: p.type === 'parcel_locker' ? 'PT' : 'PS', street: p.street, city: p.city, zip: p.zip, country: 'SK',
    lat: String(p.latitude).replace('.', ','), lng: String(p.longitude).replace('.', ','), hours,
  };
}
const quote = (value: string) => (/[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const spsCsv = (rows: CsvRow[], header = SK_HEADER) => [header.join(';'), ...rows.map((r) => SK_KEYS.map((k) => quote(r[k] ?? '')).join(';'))].join('\r\n') + '\r\n';

const seedOf = (partnerId: number) => DEMO_PICKUP_POINTS.filter((p) => p.partnerId === partnerId);
const SPS_POINTS = seedOf(PARTNERS.SPS);

async function pointRow(id: string) {
  const [row] = await t.database.db.select().from(pickupPoints).where(eq(pickupPoints.id, id));
  return row;
}

async function partnerPoints(partnerId: number) {
  return t.database.db.select().from(pickupPoints).where(eq(pickupPoints.partnerId, partnerId)).orderBy(pickupPoints.id);
}

function search(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/pickup-points?${query}`, headers: bearer('USER') });
}

async function searchOk(query: string): Promise<PickupPointList> {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PickupPointList>();
}

const lockerShipment = (pointId: string) =>
  postShipment(t.app, tokens.USER!, shipmentPayload({ delivery_method: 'parcel_locker', pickup_point_id: pointId, width: 40, height: 30, length: 50 }));

describe('access', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL_IMPORT, payload: { partner_id: 3, format: 'csv', filename: 'a.csv', file: 'YQ==' } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: URL_HISTORY })).statusCode).toBe(401);
  });

  it.each(['USER', 'OFFICER', 'REPORTER'])('answers 403 to a %s and changes nothing', async (role) => {
    const before = await partnerPoints(PARTNERS.SPS);
    const res = await upload({ partner_id: PARTNERS.SPS, format: 'csv', content: spsCsv([]) }, role);
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL_HISTORY, headers: bearer(role) })).statusCode).toBe(403);
    expect(await partnerPoints(PARTNERS.SPS)).toEqual(before);
  });
});

describe('files refused whole', () => {
  const valid = spsCsv(SPS_POINTS.map(spsRow));

  it('answers 404 for an unknown partner and 400 on partner_id for a partner without points', async () => {
    const unknown = await upload({ partner_id: 99, format: 'csv', content: valid });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().message).toBe(en(am.partnerNotFound));

    const kaab = await upload({ partner_id: PARTNERS.KAAB, format: 'csv', content: valid });
    expect(kaab.statusCode).toBe(400);
    expect(kaab.json<ErrorBody>().errors).toEqual({ partner_id: [en(am.partnerDoesNotServe)] });
  });

  it('answers 400 when the file cannot be read in the format chosen', async () => {
    const asJson = await upload({ partner_id: PARTNERS.SPS, format: 'json', content: valid });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', message: 'The file cannot be read as JSON.', errors: { file: ['The file cannot be read as JSON.'] } });

    const binary = await upload({ partner_id: PARTNERS.SPS, format: 'csv', content: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]) });
    expect(binary.statusCode).toBe(400);
    expect(binary.json<ErrorBody>().message).toBe('The file cannot be read as CSV.');

    const headerOnly = await upload({ partner_id: PARTNERS.SPS, format: 'csv', content: spsCsv([]) });
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json<ErrorBody>().message).toBe('The file cannot be read as CSV.');

    const notAList = await upload({ partner_id: PARTNERS.SPS, format: 'json', content: '{"id": "PT10001"}' });
    expect(notAList.statusCode).toBe(400);
  });

  it('answers 400 naming the columns the file lacks', async () => {
    const header = SK_HEADER.filter((h) => h !== 'GPS lat' && h !== 'Otváracie hodiny');
    const res = await upload({ partner_id: PARTNERS.SPS, format: 'csv', content: spsCsv(SPS_POINTS.map(spsRow), header) });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe('The file lacks the columns: latitude, opening_hours.');
  });

  it("refuses a file of another partner's points whole, naming a few ids", async () => {
    const before = await partnerPoints(PARTNERS.SPS);
    const czech = seedOf(PARTNERS.ONE_CZ).map((p) => ({ ...spsRow(p), type: '' }));
    const res = await upload({ partner_id: PARTNERS.SPS, format: 'csv', content: spsCsv([...SPS_POINTS.map(spsRow), ...czech]) });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.message).toMatch(/^The file holds points of another partner \(ONEBOX10001, ALZABOX1001, CZ30101, ONEBOX10002, CZ30102, …\); nothing was imported\.$/);
    expect(await partnerPoints(PARTNERS.SPS)).toEqual(before);
    expect(await t.database.db.select().from(pointDirectoryImports)).toEqual([]);
  });
});

describe("importing SPS's list", () => {
  const renamed = 'SPS ParcelShop Tabak Obchodná (nový vchod)';
  /** The seed's SK points with: PS20001 renamed, PT10002 left out, PT10099 (inactive) listed, two new points and five bad rows. */
  function firstList(): CsvRow[] {
    const rows = SPS_POINTS.filter((p) => p.id !== 'PT10002').map(spsRow);
    rows.find((r) => r.id === 'PS20001')!.name = renamed;
    rows.find((r) => r.id === 'PT10003')!.zip = ''; // a bad row of a listed point: refused, the point left as it is
    return [
      ...rows,
      { ...rows[0]!, id: 'PT10100', name: 'SPS Parcelbox Nivy', street: 'Mlynské nivy 5', lat: '48,146', lng: '17,126' },
      { ...rows[1]!, id: 'ps20100', name: 'SPS ParcelShop Nová', type: '', hours: '' },
      { ...rows[0]!, id: 'PT10101', lat: 'north' },
      { ...rows[0]!, id: 'PT10102', country: 'CZ', type: 'XX' },
      { ...rows[0]!, name: 'Duplicate of the first row' },
      { ...rows[0]!, id: 'XX1' },
    ];
  }
  let first: PointDirectoryImport;

  it('adds, changes, keeps and deactivates, refusing bad rows by number and field', async () => {
    const rows = firstList();
    first = await uploadOk({ partner_id: PARTNERS.SPS, format: 'csv', content: spsCsv(rows), filename: 'sps-2025-06.csv' });
    const n = rows.length;
    expect(first).toMatchObject({
      partner_id: PARTNERS.SPS, partner_name: 'Slovak Parcel Service', filename: 'sps-2025-06.csv', actor: 'Martina Kováčová',
      total: n, added: 2, changed: 2, deactivated: 1, rejected: 5, unchanged: n - 2 - 2 - 5,
    });
    const rowOf = (id: string, from = 0) => rows.findIndex((r, i) => i >= from && r.id === id) + 1;
    const invalid = en(am.directoryRowInvalid);
    expect(first.rejected_rows).toEqual([
      { row: rowOf('PT10003'), field: 'zip', message: invalid },
      { row: rowOf('PT10101'), field: 'latitude', message: invalid },
      { row: rowOf('PT10102'), field: 'type', message: invalid },
      { row: rowOf('PT10102'), field: 'country', message: invalid },
      { row: rowOf(rows[0]!.id!, 1), field: 'id', message: en(am.directoryDuplicateId) },
      { row: n, field: 'id', message: invalid },
    ]);
  });

  it('leaves the database as the list says', async () => {
    expect(await pointRow('PS20001')).toMatchObject({ name: renamed, active: true });
    expect(await pointRow('PT10002')).toMatchObject({ active: false, name: 'SPS Parcelbox Aupark' });
    expect(await pointRow('PT10099')).toMatchObject({ active: true });
    expect(await pointRow('PT10003')).toMatchObject({ active: true, zip: '821 09' });
    expect(await pointRow('PT10100')).toEqual({
      id: 'PT10100', partnerId: PARTNERS.SPS, country: 'SK', type: 'parcel_locker', name: 'SPS Parcelbox Nivy', street: 'Mlynské nivy 5', city: 'Bratislava', zip: '811 09',
      latitude: 48.146, longitude: 17.126, openingHours: JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, '00:00-24:00']))), active: true,
    });
    expect(await pointRow('PS20100')).toMatchObject({ type: 'pickup_point', openingHours: '{}', active: true });
    for (const id of ['PT10101', 'PT10102', 'XX1']) expect(await pointRow(id)).toBeUndefined();
    // Other partners' points are untouched.
    expect((await partnerPoints(PARTNERS.ONE_CZ)).filter((p) => p.active).length).toBe(seedOf(PARTNERS.ONE_CZ).filter((p) => p.active).length);
  });

  it('keeps the summary and an audit entry', async () => {
    const [saved] = await t.database.db.select().from(pointDirectoryImports).where(eq(pointDirectoryImports.id, first.id));
    expect(saved).toMatchObject({ partnerId: PARTNERS.SPS, added: 2, changed: 2, deactivated: 1, rejected: 5 });
    expect(saved!.rejectedRows[0]).toEqual({ row: first.rejected_rows[0]!.row, field: 'zip', message: am.directoryRowInvalid.id });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'partner'), eq(auditLog.entityId, String(PARTNERS.SPS))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', companyId: null, after: { pointDirectoryImport: first.id, added: 2, changed: 2, deactivated: 1 } });
  });

  it('takes a deactivated point out of the picker and refuses it for a new shipment', async () => {
    expect((await searchOk('country=SK&q=PT10002')).count).toBe(0);
    expect((await searchOk('country=SK&q=PT10100')).points.map((p) => p.id)).toEqual(['PT10100']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/pickup-points/PT10002', headers: bearer('USER') })).statusCode).toBe(404);
    const res = await lockerShipment('PT10002');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<ErrorBody>().errors).toEqual({ pickup_point_id: [en(serverMessages.pickupPointUnavailable)] });
    // The re-activated one is offered and accepted.
    expect((await searchOk('country=SK&q=PT10099')).count).toBe(1);
    expect((await lockerShipment('PT10099')).statusCode).toBe(201);
  });

  it('changes nothing when the same list comes again', async () => {
    const again = await uploadOk({ partner_id: PARTNERS.SPS, format: 'csv', content: spsCsv(firstList()) });
    expect(again).toMatchObject({ added: 0, changed: 0, deactivated: 0, rejected: 5, unchanged: again.total - 5 });
  });

  it('re-activates a point when the partner lists it again', async () => {
    const rows = [...firstList(), spsRow(SPS_POINTS.find((p) => p.id === 'PT10002')!)];
    const back = await uploadOk({ partner_id: PARTNERS.SPS, format: 'csv', content: spsCsv(rows) });
    expect(back).toMatchObject({ added: 0, changed: 1, deactivated: 0 });
    expect(await pointRow('PT10002')).toMatchObject({ active: true });
    expect((await searchOk('country=SK&q=PT10002')).points.map((p) => p.id)).toEqual(['PT10002']);
    expect((await lockerShipment('PT10002')).statusCode).toBe(201);
  });
});

describe('the JSON format', () => {
  it("reads ONE_CZ's array of objects (camelCase keys, numbers, an hours object)", async () => {
    const points = seedOf(PARTNERS.ONE_CZ).filter((p) => p.active !== false);
    const elements: unknown[] = points.map((p) => ({
      kod: p.id, nazev: p.name, typ: p.type === 'parcel_locker' ? 'BOX' : 'VM', ulice: p.street, obec: p.city, psc: p.zip, zeme: 'CZ',
      gpsLat: p.latitude, gpsLng: p.longitude, openingHours: JSON.parse(p.openingHours) as unknown,
    }));
    elements.push({ kod: 'CZ39999', nazev: 'Výdejní místo Nové', typ: 'VM', ulice: 'Nová 1', obec: 'Praha', psc: '110 00', zeme: 'cz', gpsLat: 50.08, gpsLng: 14.42, openingHours: { mon: '09:00-17:00' } });
    elements.push('not a point');
    const result = await uploadOk({ partner_id: PARTNERS.ONE_CZ, format: 'json', content: JSON.stringify(elements), filename: 'one-cz.json' });
    expect(result).toMatchObject({ total: points.length + 2, added: 1, changed: 0, unchanged: points.length, deactivated: 0, rejected: 1 });
    expect(result.rejected_rows).toEqual([{ row: points.length + 2, field: 'row', message: en(am.directoryRowInvalid) }]);
    expect(await pointRow('CZ39999')).toMatchObject({ partnerId: PARTNERS.ONE_CZ, type: 'pickup_point', openingHours: '{"mon":"09:00-17:00"}', active: true });
    // The point out of service before stays so (it is not in the list).
    expect(await pointRow('ONEBOX10099')).toMatchObject({ active: false });
  });
});

describe('GET /api/v1/admin/pickup-points/imports', () => {
  it('answers the imports newest first with partner, actor and translated refused rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL_HISTORY, headers: { ...bearer('ADMIN'), 'accept-language': 'sk' } });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<PointDirectoryImport[]>();
    expect(list.map((i) => [i.partner_name, i.filename])).toEqual([
      ['One CZ', 'one-cz.json'],
      ['Slovak Parcel Service', 'points.csv'],
      ['Slovak Parcel Service', 'points.csv'],
      ['Slovak Parcel Service', 'sps-2025-06.csv'],
    ]);
    expect(list.every((i) => i.actor === 'Martina Kováčová')).toBe(true);
    expect(list[3]).toMatchObject({ added: 2, changed: 2, deactivated: 1, rejected: 5 });
    expect(list[3]!.rejected_rows[0]!.message).toBe(translator('sk')(am.directoryRowInvalid));
  });
});

describe('partners that serve the points', () => {
  it("offers and accepts only points whose partner serves the country and the point's method", async () => {
    const removed = await t.database.db
      .delete(partnerServices)
      .where(and(eq(partnerServices.partnerId, PARTNERS.SPS), eq(partnerServices.country, 'SK'), eq(partnerServices.deliveryMethod, 'parcel_locker')))
      .returning();
    try {
      const { points } = await searchOk('country=SK&take=50');
      expect(points.length).toBeGreaterThan(0);
      expect(points.every((p) => p.type !== 'parcel_locker')).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/pickup-points/PT10001', headers: bearer('USER') })).statusCode).toBe(404);
      const res = await lockerShipment('PT10001');
      expect(res.statusCode).toBe(422);
      expect(res.json<ErrorBody>().errors).toEqual({ pickup_point_id: [en(serverMessages.pickupPointUnavailable)] });
    } finally {
      await t.database.db.insert(partnerServices).values(removed);
    }
    expect((await searchOk('country=SK&q=PT10001')).count).toBe(1);
  });
});
