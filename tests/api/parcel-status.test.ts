// The depot scan page's API (issue 7): POST /api/v1/admin/shipments/parcel-status moves parcels to
// ARRIVED or SENT by the transition rules with one answer per id and one depot event per move,
// once per Idempotency-Key; GET answers packages.xlsx of the parcels scanned in a period.
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParcelStatusAnswer } from '#shared/contract/parcel-status.ts';
import type { Shipment } from '#shared/contract/shipments.ts';
import { messages } from '#shared/i18n/messages.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { parcelStatusCaptions } from '#shared/i18n/document-messages.ts';
import { clients, companies, shipmentEvents, shipments } from '#server/db/schema.ts';
import { printDateTime } from '#server/features/documents/print-format.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

const PATH = '/api/v1/admin/shipments/parcel-status';
const en = translator('en');

let t: TestApp;
let userToken: string;
let adminToken: string;
let adminClientId: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const [admin] = await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.clientId, DEMO.admin.clientId));
  adminClientId = admin!.id;
});

afterAll(async () => {
  await t?.close();
});

const post = (payload: Record<string, unknown>, headers: Record<string, string> = bearer(adminToken)) =>
  t.app.inject({ method: 'POST', url: PATH, headers: { 'accept-language': 'en', ...headers }, payload });

async function scan(status: 'ARRIVED' | 'SENT', ids: string[], extra: Record<string, unknown> = {}): Promise<ParcelStatusAnswer> {
  const res = await post({ status, parcels_id: ids, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParcelStatusAnswer>();
}

const parcel = () => createShipment(t.app, userToken);
const tracking = (s: Shipment) => s.tracking_number!;

async function shipmentRow(s: Shipment) {
  const [row] = await t.database.db.select({ id: shipments.id, status: shipments.status }).from(shipments).where(eq(shipments.itemNumber, s.item_number));
  return row!;
}

/** The depot events of a shipment, oldest first. */
async function depotEvents(s: Shipment) {
  const { id } = await shipmentRow(s);
  return t.database.db
    .select()
    .from(shipmentEvents)
    .where(and(eq(shipmentEvents.shipmentId, id), eq(shipmentEvents.source, 'depot')))
    .orderBy(shipmentEvents.id);
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('scanning parcels', () => {
  it('takes in a CREATED parcel by its tracking number and records the scan time, the depot and the admin', async () => {
    const s = await parcel();
    const scannedAt = minutesAgo(42);
    const answer = await scan('ARRIVED', [tracking(s)], { scanned_at: scannedAt.toISOString() });
    expect(answer).toEqual({ updated: 1, results: [{ parcel_id: tracking(s), result: 'updated', status: 'ARRIVED', item_number: s.item_number }] });
    expect((await shipmentRow(s)).status).toBe('ARRIVED');
    const events = await depotEvents(s);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'ARRIVED', source: 'depot', clientId: adminClientId });
    expect(events[0]!.occurredAt.toISOString()).toBe(scannedAt.toISOString());
  });

  it('answers unchanged for a second scan and records nothing', async () => {
    const s = await parcel();
    await scan('ARRIVED', [tracking(s)]);
    const again = await scan('ARRIVED', [tracking(s)]);
    expect(again).toEqual({ updated: 0, results: [{ parcel_id: tracking(s), result: 'unchanged', status: 'ARRIVED', item_number: s.item_number }] });
    expect(await depotEvents(s)).toHaveLength(1);
  });

  it('takes in a MANIFESTED parcel by its item number, typed in lower case', async () => {
    const s = await parcel();
    const manifest = await t.app.inject({ method: 'POST', url: '/api/v1/manifests/generate', headers: bearer(userToken), payload: { item_numbers: [s.item_number] } });
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect((await shipmentRow(s)).status).toBe('MANIFESTED');
    const answer = await scan('ARRIVED', [s.item_number.toLowerCase()]);
    expect(answer.results).toEqual([{ parcel_id: s.item_number, result: 'updated', status: 'ARRIVED', item_number: s.item_number }]);
  });

  it('reads a label QR as its tracking number', async () => {
    const s = await parcel();
    const answer = await scan('ARRIVED', [`${tracking(s)}|SK|811 01`]);
    expect(answer.results).toEqual([{ parcel_id: tracking(s), result: 'updated', status: 'ARRIVED', item_number: s.item_number }]);
  });

  it('sends only what arrived, and nothing moves back', async () => {
    const s = await parcel();
    const early = await scan('SENT', [tracking(s)]);
    expect(early.results[0]).toMatchObject({ result: 'not_allowed', status: 'CREATED' });
    await scan('ARRIVED', [tracking(s)]);
    const sent = await scan('SENT', [s.item_number]);
    expect(sent).toEqual({ updated: 1, results: [{ parcel_id: s.item_number, result: 'updated', status: 'SENT', item_number: s.item_number }] });
    const back = await scan('ARRIVED', [tracking(s)]);
    expect(back.results[0]).toMatchObject({ result: 'not_allowed', status: 'SENT' });
    expect((await depotEvents(s)).map((e) => e.status)).toEqual(['ARRIVED', 'SENT']);
  });

  it('never moves a DELETED shipment', async () => {
    const s = await parcel();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${s.item_number}`, headers: bearer(userToken) });
    expect(del.statusCode, del.body).toBe(200);
    for (const status of ['ARRIVED', 'SENT'] as const) {
      const answer = await scan(status, [tracking(s)]);
      expect(answer.results[0]).toMatchObject({ result: 'not_allowed', status: 'DELETED' });
    }
    expect(await depotEvents(s)).toHaveLength(0);
  });

  it('answers every distinct id once in request order, unknown ids not_found', async () => {
    const [a, b] = [await parcel(), await parcel()];
    const answer = await scan('ARRIVED', [tracking(b), 'NOPE123', tracking(a), tracking(b), 'nope123']);
    expect(answer.updated).toBe(2);
    expect(answer.results).toEqual([
      { parcel_id: tracking(b), result: 'updated', status: 'ARRIVED', item_number: b.item_number },
      { parcel_id: 'NOPE123', result: 'not_found', status: null, item_number: null },
      { parcel_id: tracking(a), result: 'updated', status: 'ARRIVED', item_number: a.item_number },
    ]);
  });

  it('moves a parcel named by both its numbers once', async () => {
    const s = await parcel();
    const answer = await scan('ARRIVED', [s.item_number, tracking(s)]);
    expect(answer.updated).toBe(1);
    expect(answer.results.map((r) => r.result)).toEqual(['updated', 'unchanged']);
    expect(await depotEvents(s)).toHaveLength(1);
  });

  it('lets one of several racing scans of a parcel move it and the others answer unchanged', async () => {
    const s = await parcel();
    const answers = await Promise.all([tracking(s), s.item_number, tracking(s), s.item_number].map((id) => scan('ARRIVED', [id])));
    expect(answers.map((a) => a.results[0]!.result).sort()).toEqual(['unchanged', 'unchanged', 'unchanged', 'updated']);
    expect(await depotEvents(s)).toHaveLength(1);
  });

  it('applies a request resent with the same Idempotency-Key once and answers the same body', async () => {
    const s = await parcel();
    const headers = { ...bearer(adminToken), 'idempotency-key': `scan-${s.item_number}` };
    const payload = { status: 'ARRIVED', parcels_id: [tracking(s)], scanned_at: minutesAgo(5).toISOString() };
    const first = await post(payload, headers);
    const second = await post(payload, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(first.json<ParcelStatusAnswer>().results[0]!.result).toBe('updated');
    expect(await depotEvents(s)).toHaveLength(1);
  });

  it('takes 1,000 ids in one request', async () => {
    const s = await parcel();
    const ids = [tracking(s), ...Array.from({ length: 999 }, (_, i) => `UNKNOWN${i}`)];
    const answer = await scan('ARRIVED', ids);
    expect(answer.updated).toBe(1);
    expect(answer.results).toHaveLength(1000);
    expect(answer.results[999]).toEqual({ parcel_id: 'UNKNOWN998', result: 'not_found', status: null, item_number: null });
  });
});

describe('refused scan requests', () => {
  const fieldErrors = (body: string) => JSON.parse(body) as { error: string; errors: Record<string, string[]> };

  it.each([
    ['older than the limit', new Date(Date.now() - 31 * 24 * 3600_000).toISOString()],
    ['ahead of the clock', new Date(Date.now() + 10 * 60_000).toISOString()],
  ])('refuses a scan time %s with a field error and moves nothing', async (_, scannedAt) => {
    const s = await parcel();
    const res = await post({ status: 'ARRIVED', parcels_id: [tracking(s)], scanned_at: scannedAt });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.body)).toMatchObject({ error: 'validation_failed', errors: { scanned_at: [en(serverMessages.scanTooOld)] } });
    expect((await shipmentRow(s)).status).toBe('CREATED');
  });

  it('accepts a tablet clock a few minutes ahead', async () => {
    const s = await parcel();
    const answer = await scan('ARRIVED', [tracking(s)], { scanned_at: new Date(Date.now() + 3 * 60_000).toISOString() });
    expect(answer.updated).toBe(1);
  });

  it.each([
    ['no ids', { status: 'ARRIVED', parcels_id: [] }, 'parcels_id', en(documentActionMessages.parcelIdsRequired)],
    ['only a QR tail', { status: 'ARRIVED', parcels_id: ['|SK|81101'] }, 'parcels_id', en(documentActionMessages.parcelIdsRequired)],
    ['a blank id', { status: 'ARRIVED', parcels_id: ['  '] }, 'parcels_id.0', en(messages.required)],
    ['too many ids', { status: 'ARRIVED', parcels_id: Array.from({ length: 1001 }, (_, i) => `X${i}`) }, 'parcels_id', en(messages.tooLong)],
    ['another status', { status: 'CREATED', parcels_id: ['X1'] }, 'status', en(messages.invalidValue)],
    ['a scan time that is no time', { status: 'ARRIVED', parcels_id: ['X1'], scanned_at: 'yesterday' }, 'scanned_at', en(messages.invalidValue)],
    ['ids that are no list', { status: 'ARRIVED', parcels_id: 'X1' }, 'parcels_id', expect.any(String)],
  ])('answers 400 for %s', async (_, payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res.body).errors[field]).toEqual([message]);
  });

  it('answers 403 to a USER and 401 without a bearer, for both calls', async () => {
    const payload = { status: 'ARRIVED', parcels_id: ['X1'] };
    expect((await post(payload, bearer(userToken))).statusCode).toBe(403);
    expect((await post(payload, {})).statusCode).toBe(401);
    const url = `${PATH}?dateFrom=2025-01-01&dateTo=2025-01-02`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(userToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

/** yyyy-MM-dd of an instant in Bratislava. */
const bratislavaDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const download = (query: string, language = 'en') =>
  t.app.inject({ method: 'GET', url: `${PATH}?${query}`, headers: { ...bearer(adminToken), 'accept-language': language } });

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  // An empty text is no cell at all in the file: read back as ''.
  sheet.eachRow((row) => rows.push(Array.from({ length: 9 }, (_, i) => (row.values as unknown[])[i + 1] ?? '')));
  return { sheet, name: sheet.name, header: rows[0]!, rows: rows.slice(1) };
}

describe('the packages.xlsx export', () => {
  // Days well before "now" so that the scans of the tests above (at now) are not in them. 23:30 UTC
  // is 00:30 or 01:30 of the next day in Bratislava (winter or summer time).
  const dayAt = (daysAgo: number, utcHour: number) => {
    const at = new Date(Date.now() - daysAgo * 24 * 3600_000);
    at.setUTCHours(utcHour, 30, 0, 0);
    return at;
  };
  const arrivedA = dayAt(11, 23);
  const arrivedB = dayAt(9, 7);
  const sentB = dayAt(8, 12);
  let a: Shipment;
  let b: Shipment;
  let untouched: Shipment;

  beforeAll(async () => {
    [a, b, untouched] = [await parcel(), await parcel(), await parcel()];
    await scan('ARRIVED', [tracking(a)], { scanned_at: arrivedA.toISOString() });
    await scan('ARRIVED', [b.item_number], { scanned_at: arrivedB.toISOString() });
    await scan('SENT', [tracking(b)], { scanned_at: sentB.toISOString() });
  });

  it('holds one row per parcel scanned in the period with its latest depot times, the header in English', async () => {
    const res = await download(`dateFrom=${bratislavaDay(arrivedA)}&dateTo=${bratislavaDay(sentB)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename=packages.xlsx');
    const { sheet, name, header, rows } = await workbookOf(res.rawPayload);
    expect(name).toBe('Parcels');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('I2').numFmt).toBe('0.000');
    expect(header).toEqual(['Item number', 'Tracking number', 'Company', 'Status', 'Arrived at depot', 'Sent to partner', 'Delivery partner', 'Destination country', 'Weight (kg)']);
    const [company] = await t.database.db.select({ name: companies.name }).from(companies).innerJoin(clients, eq(clients.companyId, companies.id)).where(eq(clients.clientId, DEMO.user.clientId));
    expect(rows).toEqual([
      [a.item_number, tracking(a), company!.name, 'ARRIVED', printDateTime(arrivedA), '', a.partner_name, 'SK', 1.25],
      [b.item_number, tracking(b), company!.name, 'SENT', printDateTime(arrivedB), printDateTime(sentB), b.partner_name, 'SK', 1.25],
    ]);
    expect(rows.flat()).not.toContain(untouched.item_number);
  });

  it('selects by the Bratislava calendar day of the scan, not the UTC one', async () => {
    const day = bratislavaDay(arrivedA);
    const { rows } = await workbookOf((await download(`dateFrom=${day}&dateTo=${day}`)).rawPayload);
    expect(rows.map((r) => r[0])).toEqual([a.item_number]);
    const utcDay = arrivedA.toISOString().slice(0, 10);
    expect(utcDay).not.toBe(day);
    expect((await download(`dateFrom=${utcDay}&dateTo=${utcDay}`)).statusCode).toBe(404);
  });

  it('shows a parcel sent in the period with its arrival before it', async () => {
    const day = bratislavaDay(sentB);
    const { rows } = await workbookOf((await download(`dateFrom=${day}&dateTo=${day}`)).rawPayload);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 6)).toEqual([b.item_number, tracking(b), expect.any(String), 'SENT', printDateTime(arrivedB), printDateTime(sentB)]);
  });

  it('keeps only the barcode asked for, by tracking or item number', async () => {
    const period = `dateFrom=${bratislavaDay(arrivedA)}&dateTo=${bratislavaDay(sentB)}`;
    for (const barcode of [tracking(b), b.item_number.toLowerCase()]) {
      const { rows } = await workbookOf((await download(`${period}&barcode=${encodeURIComponent(barcode)}`)).rawPayload);
      expect(rows.map((r) => r[0])).toEqual([b.item_number]);
    }
  });

  it('translates the header by Accept-Language', async () => {
    const sk = translator('sk');
    const day = bratislavaDay(arrivedA);
    const { name, header } = await workbookOf((await download(`dateFrom=${day}&dateTo=${day}`, 'sk')).rawPayload);
    expect(name).toBe(sk(parcelStatusCaptions.sheet));
    expect(header[0]).toBe(sk(parcelStatusCaptions.columnItem));
    expect(header[8]).toBe(sk(parcelStatusCaptions.columnWeight));
  });

  it('writes text that looks like a formula as a string cell, exactly as stored (no apostrophe)', async () => {
    const [row] = await t.database.db.select({ companyId: shipments.companyId }).from(shipments).where(eq(shipments.itemNumber, a.item_number));
    const [before] = await t.database.db.select({ name: companies.name }).from(companies).where(eq(companies.id, row!.companyId));
    await t.database.db.update(companies).set({ name: '=HYPERLINK("http://evil.example","x")' }).where(eq(companies.id, row!.companyId));
    try {
      const day = bratislavaDay(arrivedA);
      const { rows, sheet } = await workbookOf((await download(`dateFrom=${day}&dateTo=${day}`)).rawPayload);
      expect(rows[0]![2]).toBe('=HYPERLINK("http://evil.example","x")');
      const company = sheet.getRow(2).getCell(3);
      expect(company.type).toBe(ExcelJS.ValueType.String);
      expect(company.formula).toBeUndefined();
    } finally {
      await t.database.db.update(companies).set({ name: before!.name }).where(eq(companies.id, row!.companyId));
    }
  });

  it('answers 404 when nothing was scanned in the period or under the barcode', async () => {
    const period = `dateFrom=${bratislavaDay(arrivedA)}&dateTo=${bratislavaDay(sentB)}`;
    const dayOfA = `dateFrom=${bratislavaDay(arrivedA)}&dateTo=${bratislavaDay(arrivedA)}`;
    for (const query of ['dateFrom=2020-01-01&dateTo=2020-01-31', `${period}&barcode=${untouched.item_number}`, `${period}&barcode=NOPE`, `${dayOfA}&barcode=${b.item_number}`]) {
      const res = await download(query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: en(documentActionMessages.parcelStatusNoneFound) });
    }
  });

  it.each([
    ['an end before the start', 'dateFrom=2025-03-02&dateTo=2025-03-01', 'dateTo', en(messages.dateRangeInvalid)],
    ['no start', 'dateTo=2025-03-01', 'dateFrom', en(messages.required)],
    ['a day that does not exist', 'dateFrom=2025-02-30&dateTo=2025-03-01', 'dateFrom', en(messages.invalidValue)],
    ['a day in another form', 'dateFrom=01.03.2025&dateTo=2025-03-01', 'dateFrom', en(messages.invalidValue)],
    ['a barcode too long', `dateFrom=2025-03-01&dateTo=2025-03-01&barcode=${'X'.repeat(41)}`, 'barcode', en(messages.tooLong)],
  ])('answers 400 for %s', async (_, query, field, message) => {
    const res = await download(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
  });
});

describe('the list counts', () => {
  it('follow the scans (the shipment_counts trigger)', async () => {
    const s = await parcel();
    const count = async (status: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments?status=${status}&take=1`, headers: bearer(userToken) });
      return res.json<{ count: number }>().count;
    };
    const before = await count('ARRIVED');
    await scan('ARRIVED', [tracking(s)]);
    expect(await count('ARRIVED')).toBe(before + 1);
  });
});
