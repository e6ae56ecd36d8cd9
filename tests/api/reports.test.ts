// POST /api/v1/admin/shipments/report (issue 16): packages.xlsx of a period's shipments, read back
// with exceljs. Scoping (a client's own company only, ADMIN any or all), the spec's validation
// messages, the sheets' contents and cell types, formula-safe text and the empty period's 404.
import ExcelJS from 'exceljs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bratislavaDay, reportFilterSchema } from '#shared/contract/reports.ts';
import type { Shipment } from '#shared/contract/shipments.ts';
import { messages } from '#shared/i18n/messages.ts';
import { reportFieldMessages, reportMessages as rm, reportValueMessages } from '#shared/i18n/report-messages.ts';
import { companyScope } from '#server/company-scope.ts';
import { clients, shipments } from '#server/db/schema.ts';
import { hasShipments, planReport, reportPages } from '#server/features/reports/reports.service.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

const PATH = '/api/v1/admin/shipments/report';
const en = translator('en');
const de = translator('de');

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;
let greenGardenId: string;
let bohemiaId: string;

/** Two days in the month before last: always in the past, never sharing a month with the demo seed's recent shipments. */
const TODAY = bratislavaDay(new Date());
const MONTH = (() => {
  const [y, m] = TODAY.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 3, 1)).toISOString().slice(0, 7);
})();
const DAY1 = `${MONTH}-14`;
const DAY2 = `${MONTH}-15`;

const FORMULA = '=HYPERLINK("https://evil.example/steal","Click")';

/** demo-user's shipments of the period (Zelená Záhrada). */
let skCod: Shipment;
let skSent: Shipment;
let czCod: Shipment;
let skLetterAfterMidnight: Shipment;
let deletedOne: Shipment;
/** demo-user-2's (Bohemia Books). */
let bohemiaOne: Shipment;

/** Moves a shipment to a Bratislava wall-clock time (`day` at `time`). */
async function placeAt(s: Shipment, day: string, time: string) {
  await t.database.db
    .update(shipments)
    .set({ createdAt: sql`(${`${day} ${time}`}::timestamp at time zone 'Europe/Bratislava')` })
    .where(eq(shipments.itemNumber, s.item_number));
}

const cz = { receiver_country: 'CZ', receiver_city: 'Brno', receiver_postal_code: '60200', receiver_phone: '+420601123456' };

beforeAll(async () => {
  // Generous limits: this file asks for dozens of reports a minute (report-limits.test.ts tests them).
  t = await createTestApp({ reportLimits: { perMinute: 1000, atOnce: 2 } });
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const rows = await t.database.db.select({ clientId: clients.clientId, companyId: clients.companyId }).from(clients);
  greenGardenId = rows.find((r) => r.clientId === DEMO.user.clientId)!.companyId;
  bohemiaId = rows.find((r) => r.clientId === DEMO.user2.clientId)!.companyId;

  skCod = await createShipment(t.app, userToken, { reference_number: FORMULA, cod_amount: 12.5, weight: 1.25 });
  skSent = await createShipment(t.app, userToken, { reference_number: 'ORDER-2', cod_amount: 7.5, weight: 1.25, insurance: 300 });
  czCod = await createShipment(t.app, userToken, { ...cz, cod_amount: 100, weight: 2.5 });
  skLetterAfterMidnight = await createShipment(t.app, userToken, { product: 'TRC', weight: 0.5, width: 20, height: 2, length: 15 });
  deletedOne = await createShipment(t.app, userToken, { weight: 9 });
  bohemiaOne = await createShipment(t.app, user2Token, { weight: 3 });

  await placeAt(skCod, DAY1, '10:30');
  await placeAt(skSent, DAY1, '11:00');
  await placeAt(czCod, DAY1, '23:30');
  // 00:30 in Bratislava is still the day before in UTC: the report's day is Bratislava's.
  await placeAt(skLetterAfterMidnight, DAY2, '00:30');
  await placeAt(deletedOne, DAY1, '12:00');
  await placeAt(bohemiaOne, DAY1, '09:15');
  await t.database.db.update(shipments).set({ status: 'SENT' }).where(eq(shipments.itemNumber, skSent.item_number));
  const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/shipments/${deletedOne.item_number}`, headers: bearer(userToken) });
  expect(del.statusCode, del.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

const report = (token: string | null, payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({ method: 'POST', url: PATH, headers: { 'accept-language': language, ...(token ? bearer(token) : {}) }, payload });

const daily = (extra: Record<string, unknown> = {}) => ({ type: 'DAILY', from_date: DAY1, to_date: DAY2, countries: [], ...extra });

interface Read {
  workbook: ExcelJS.Workbook;
  shipments: ExcelJS.Worksheet;
  summary: ExcelJS.Worksheet;
  header: string[];
  /** Data rows of the shipments sheet as arrays of cell values (1-based columns dropped). */
  rows: unknown[][];
}

async function readReport(res: Awaited<ReturnType<typeof report>>): Promise<Read> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toMatch(/filename=packages_[0-9_-]+_[a-z0-9-]+\.xlsx/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(2);
  const [shipmentsSheet, summary] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
  const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
  const header = values(shipmentsSheet.getRow(1)) as string[];
  const rows: unknown[][] = [];
  shipmentsSheet.eachRow((row, n) => {
    if (n > 1) rows.push(values(row));
  });
  return { workbook, shipments: shipmentsSheet, summary, header, rows };
}

/** Column of a caption in the header, 0-based. */
const col = (read: Read, caption: string) => {
  const index = read.header.indexOf(caption);
  expect(index, caption).toBeGreaterThanOrEqual(0);
  return index;
};
const itemsOf = (read: Read) => read.rows.map((r) => r[col(read, en(rm.columnItemNumber))]);

/** A Bratislava wall-clock time as Excel shows it: the UTC fields of the Date exceljs reads. */
const wallClock = (day: string, time: string) => new Date(`${day}T${time}:00.000Z`);

/** The shipments sheet's columns for a client (an ADMIN's add the company after the tracking number). */
const CLIENT_COLUMNS = [
  rm.columnItemNumber,
  rm.columnTrackingNumber,
  rm.columnReference,
  rm.columnCreated,
  rm.columnStatus,
  rm.columnProduct,
  rm.columnDeliveryMethod,
  rm.columnCountry,
  rm.columnPartner,
  rm.columnWeight,
  rm.columnCod,
  rm.columnCodCurrency,
  rm.columnInsurance,
];

describe('who may ask for which company', () => {
  it('answers 401 without a sign-in', async () => {
    expect((await report(null, daily())).statusCode).toBe(401);
  });

  it("gives a client its own company's shipments of the period, without a company column", async () => {
    const read = await readReport(await report(userToken, daily()));
    expect(itemsOf(read)).toEqual([skCod.item_number, skSent.item_number, czCod.item_number, skLetterAfterMidnight.item_number]);
    expect(read.header).not.toContain(en(rm.columnCompany));
    // Naming its own company is the same report.
    const own = await readReport(await report(userToken, daily({ company_id: greenGardenId })));
    expect(itemsOf(own)).toEqual(itemsOf(read));
  });

  it('names its file after its period and company (issue 31)', async () => {
    const fileOf = (res: Awaited<ReturnType<typeof report>>) => /filename=([^;]+)/.exec(String(res.headers['content-disposition']))?.[1];
    expect(fileOf(await report(userToken, daily()))).toBe(`packages_${DAY1}_${DAY2}_zelena-zahrada-s-r-o.xlsx`);
    expect(fileOf(await report(user2Token, daily({ to_date: DAY1 })))).toBe(`packages_${DAY1}_bohemia-books-s-r-o.xlsx`);
    expect(fileOf(await report(adminToken, daily()))).toBe(`packages_${DAY1}_${DAY2}_all-companies.xlsx`);
    expect(fileOf(await report(adminToken, { type: 'MONTHLY', from_date: DAY1, company_id: bohemiaId }))).toBe(`packages_${MONTH}_bohemia-books-s-r-o.xlsx`);
  });

  it("gives another client only its own company's", async () => {
    const read = await readReport(await report(user2Token, daily()));
    expect(itemsOf(read)).toEqual([bohemiaOne.item_number]);
  });

  it("refuses a client another company's report with 403", async () => {
    const res = await report(userToken, daily({ company_id: bohemiaId }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
  });

  it('gives an ADMIN every company with a company column, or the one it names', async () => {
    const all = await readReport(await report(adminToken, daily()));
    expect(itemsOf(all)).toEqual([bohemiaOne.item_number, skCod.item_number, skSent.item_number, czCod.item_number, skLetterAfterMidnight.item_number]);
    const company = col(all, en(rm.columnCompany));
    expect(all.rows.map((r) => r[company])).toEqual(['Bohemia Books s.r.o.', 'Zelená Záhrada s.r.o.', 'Zelená Záhrada s.r.o.', 'Zelená Záhrada s.r.o.', 'Zelená Záhrada s.r.o.']);

    const one = await readReport(await report(adminToken, daily({ company_id: bohemiaId })));
    expect(itemsOf(one)).toEqual([bohemiaOne.item_number]);
    expect(one.rows[0]![col(one, en(rm.columnCompany))]).toBe('Bohemia Books s.r.o.');
  });

  it('filters by destination countries', async () => {
    const read = await readReport(await report(userToken, daily({ countries: ['cz'] })));
    expect(itemsOf(read)).toEqual([czCod.item_number]);
    const both = await readReport(await report(userToken, daily({ countries: ['CZ', 'SK'] })));
    expect(itemsOf(both)).toHaveLength(4);
  });
});

describe('validation', () => {
  const fieldErrors = async (token: string, payload: Record<string, unknown>) => {
    const res = await report(token, payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(body.error).toBe('validation_failed');
    return body.errors;
  };

  it.each([
    ['a missing from_date', { from_date: undefined }, 'from_date', 'from_date must be a valid ISO date string'],
    ['a from_date that is not a date', { from_date: 'yesterday' }, 'from_date', 'from_date must be a valid ISO date string'],
    ['a from_date that does not exist', { from_date: '2025-02-30' }, 'from_date', 'from_date must be a valid ISO date string'],
    ['a to_date that is not a date', { to_date: '15.03.2025' }, 'to_date', 'to_date must be a valid ISO date string'],
    ['a DAILY report without to_date', { to_date: undefined }, 'to_date', 'to_date must be a valid ISO date string'],
    ['a company_id that is not a uuid', { company_id: '42' }, 'company_id', 'company_id must be a UUID'],
    ['a to_date before from_date', { from_date: DAY2, to_date: DAY1 }, 'to_date', en(messages.dateRangeInvalid)],
    ['a from_date after today', { from_date: addDays(TODAY, 1), to_date: addDays(TODAY, 1) }, 'from_date', en(reportFieldMessages.fromDateFuture)],
    ['a to_date after tomorrow', { from_date: TODAY, to_date: addDays(TODAY, 2) }, 'to_date', en(reportFieldMessages.toDateFuture)],
    ['an unknown country', { countries: ['SK', 'XX'] }, 'countries.1', en(messages.invalidValue)],
    ['an unknown type', { type: 'WEEKLY' }, 'type', en(messages.invalidValue)],
  ])('answers 400 to %s, on the field', async (_label, change, field, message) => {
    const errors = await fieldErrors(userToken, daily(change));
    expect(errors[field]).toEqual([message]);
  });

  it('accepts the default period, today to tomorrow', async () => {
    // Today's shipments: the demo seed's and those made here are all moved away, so make one.
    const fresh = await createShipment(t.app, userToken);
    const read = await readReport(await report(userToken, { type: 'DAILY', from_date: TODAY, to_date: addDays(TODAY, 1), countries: [] }));
    expect(itemsOf(read)).toContain(fresh.item_number);
    // Out of every period below.
    await placeAt(fresh, addDays(`${MONTH}-01`, -10), '12:00');
  });

  it('refuses MONTHLY to a client with 400 on type, and serves it to an ADMIN', async () => {
    const errors = await fieldErrors(userToken, { type: 'MONTHLY', from_date: DAY1 });
    expect(errors.type).toEqual([en(reportFieldMessages.monthlyAdminOnly)]);
    expect((await report(adminToken, { type: 'MONTHLY', from_date: DAY1 })).statusCode).toBe(200);
  });
});

describe('the workbook', () => {
  it('has a shipments sheet with frozen, filtered headers, real numbers and real dates', async () => {
    const read = await readReport(await report(userToken, daily()));
    const { shipments: sheet, header } = read;
    expect(sheet.name).toBe(en(rm.shipmentsSheet));
    expect(read.summary.name).toBe(en(rm.summarySheet));
    expect(header).toEqual(CLIENT_COLUMNS.map((m) => en(m)));
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:M5');
    expect(sheet.getColumn(1).width).toBeGreaterThan(10);

    const row = (s: Shipment) => read.rows.find((r) => r[0] === s.item_number)!;
    const at = (name: Parameters<typeof en>[0]) => col(read, en(name));
    expect(row(skCod)[at(rm.columnTrackingNumber)]).toBe(skCod.tracking_number);
    expect(row(skCod)[at(rm.columnCreated)]).toEqual(wallClock(DAY1, '10:30'));
    expect(row(skLetterAfterMidnight)[at(rm.columnCreated)]).toEqual(wallClock(DAY2, '00:30'));
    expect(row(skSent)[at(rm.columnStatus)]).toBe('Sent');
    expect(row(skCod)).toEqual(expect.arrayContaining(['Created', 'Parcel', 'Home delivery', 'SK', 1.25, 12.5, 'EUR']));
    expect(row(czCod)[at(rm.columnCod)]).toBe(100);
    expect(row(czCod)[at(rm.columnCodCurrency)]).toBe('CZK');
    expect(row(skSent)[at(rm.columnInsurance)]).toBe(300);
    expect(row(skLetterAfterMidnight)[at(rm.columnCod)]).toBeUndefined();

    const cell = (s: Shipment, caption: Parameters<typeof en>[0]) => sheet.getRow(read.rows.indexOf(row(s)) + 2).getCell(at(caption) + 1);
    expect(cell(skCod, rm.columnCreated).type).toBe(ExcelJS.ValueType.Date);
    expect(cell(skCod, rm.columnCreated).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(cell(skCod, rm.columnWeight).type).toBe(ExcelJS.ValueType.Number);
    expect(cell(skCod, rm.columnWeight).numFmt).toBe('0.000');
    expect(cell(skCod, rm.columnCod).type).toBe(ExcelJS.ValueType.Number);
    expect(cell(skCod, rm.columnCod).numFmt).toBe('0.00');
    expect(cell(skSent, rm.columnInsurance).type).toBe(ExcelJS.ValueType.Number);
  });

  it('keeps text as typed in a string cell: a reference like =HYPERLINK(…) is text, not a formula, with no apostrophe', async () => {
    const read = await readReport(await report(userToken, daily()));
    const reference = col(read, en(rm.columnReference));
    const index = read.rows.findIndex((r) => r[0] === skCod.item_number);
    const cell = read.shipments.getRow(index + 2).getCell(reference + 1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(FORMULA);
    expect(cell.formula).toBeUndefined();
  });

  it("writes the headers and the names of statuses, products and delivery methods in the requester's language", async () => {
    const english = await readReport(await report(userToken, daily(), 'en'));
    const german = await readReport(await report(userToken, daily(), 'de'));
    expect(english.header).toEqual(CLIENT_COLUMNS.map((m) => en(m)));
    expect(german.header).toEqual(CLIENT_COLUMNS.map((m) => de(m)));
    expect(german.shipments.name).toBe(de(rm.shipmentsSheet));
    expect(german.summary.name).toBe(de(rm.summarySheet));
    expect(german.summary.getCell('A1').value).toBe(de(rm.columnDay));
    const sent = german.rows.find((r) => r[0] === skSent.item_number)!;
    const deCol = (m: Parameters<typeof de>[0]) => german.header.indexOf(de(m));
    expect(sent[deCol(rm.columnStatus)]).toBe(de(reportValueMessages.status.SENT));
    expect(sent[deCol(rm.columnProduct)]).toBe(de(reportValueMessages.product.PRM));
    expect(sent[deCol(rm.columnDeliveryMethod)]).toBe(de(reportValueMessages.deliveryMethod.home_delivery));
    expect(de(reportValueMessages.status.SENT)).not.toBe('Sent');
  });

  it('sums the period per day × country × product × status, with totals and COD per currency', async () => {
    const { summary } = await readReport(await report(userToken, daily()));
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((summary.getRow(1).values as unknown[]).slice(1)).toEqual(
      [rm.columnDay, rm.columnCountry, rm.columnProduct, rm.columnStatus, rm.columnShipments, rm.columnWeight, rm.columnCod, rm.columnCodCurrency].map((m) => en(m)),
    );
    const rows: unknown[][] = [];
    summary.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    const day = (d: string) => new Date(`${d}T00:00:00.000Z`);
    // The deleted shipment (9 kg) is not counted; the letter created at 00:30 counts on DAY2.
    expect(rows).toEqual([
      [day(DAY1), 'CZ', 'Parcel', 'Created', 1, 2.5, 100, 'CZK'],
      [day(DAY1), 'SK', 'Parcel', 'Created', 1, 1.25, 12.5, 'EUR'],
      [day(DAY1), 'SK', 'Parcel', 'Sent', 1, 1.25, 7.5, 'EUR'],
      [day(DAY2), 'SK', 'Tracked letter', 'Created', 1, 0.5],
      [en(rm.total), undefined, undefined, undefined, 4, 5.5],
      [en(rm.codTotal), undefined, undefined, undefined, undefined, undefined, 100, 'CZK'],
      [en(rm.codTotal), undefined, undefined, undefined, undefined, undefined, 20, 'EUR'],
    ]);
    expect(summary.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
    expect(summary.getCell('A2').numFmt).toBe('dd.mm.yyyy');
    expect(summary.getCell('F2').numFmt).toBe('0.000');
    expect(summary.autoFilter).toBe('A1:H5');
    // The same numbers as the database holds.
    const [db] = await t.database.db
      .select({ n: sql<number>`count(*)::int`, kg: sql<string>`sum(${shipments.weight})::text` })
      .from(shipments)
      .where(
        inArray(
          shipments.itemNumber,
          [skCod, skSent, czCod, skLetterAfterMidnight].map((s) => s.item_number),
        ),
      );
    expect([db!.n, Number(db!.kg)]).toEqual([4, 5.5]);
  });

  it('covers the whole month of from_date for MONTHLY, every company for an ADMIN', async () => {
    const read = await readReport(await report(adminToken, { type: 'MONTHLY', from_date: `${MONTH}-28`, countries: [] }));
    expect(itemsOf(read)).toEqual([bohemiaOne.item_number, skCod.item_number, skSent.item_number, czCod.item_number, skLetterAfterMidnight.item_number]);
  });
});

describe('reading in pages', () => {
  it('returns every shipment once, in (created_at, id) order, across page ends and equal times', async () => {
    // Seven shipments on one day: five at the very same microsecond, two a microsecond later.
    const day = addDays(`${MONTH}-01`, -20);
    const made: Shipment[] = [];
    for (let i = 0; i < 7; i++) made.push(await createShipment(t.app, userToken, { reference_number: `PAGE-${i}` }));
    await t.database.db
      .update(shipments)
      .set({ createdAt: sql`(${`${day} 08:00:00.123456`}::timestamp at time zone 'Europe/Bratislava')` })
      .where(
        inArray(
          shipments.itemNumber,
          made.slice(0, 5).map((s) => s.item_number),
        ),
      );
    await t.database.db
      .update(shipments)
      .set({ createdAt: sql`(${`${day} 08:00:00.123457`}::timestamp at time zone 'Europe/Bratislava')` })
      .where(
        inArray(
          shipments.itemNumber,
          made.slice(5).map((s) => s.item_number),
        ),
      );

    const [admin] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.admin.clientId));
    const scope = companyScope({ clientId: admin!.id, companyId: admin!.companyId, role: 'ADMIN' });
    const plan = planReport(scope, reportFilterSchema.parse({ type: 'DAILY', from_date: day, to_date: day }));
    expect(await hasShipments(t.database.db, plan)).toBe(true);
    const ordered = await t.database.db
      .select({ item: shipments.itemNumber })
      .from(shipments)
      .where(
        inArray(
          shipments.itemNumber,
          made.map((s) => s.item_number),
        ),
      )
      .orderBy(shipments.createdAt, shipments.id);
    for (const size of [1, 2, 3, 7, 8]) {
      const pages: string[][] = [];
      for await (const page of reportPages(t.database.db, plan, size)) pages.push(page.map((r) => r.itemNumber));
      expect(pages.flat(), `page size ${size}`).toEqual(ordered.map((r) => r.item));
      expect(pages.length, `page size ${size}`).toBe(Math.ceil(7 / size));
    }
  });

  it("keeps every field in its place whatever people typed, and tells a missing value from a value", async () => {
    // The page's text separates rows and fields by ASCII control characters: typed texts holding
    // them (or tabs and line ends) must not shift the fields after them.
    const day = addDays(`${MONTH}-01`, -25);
    const odd = await createShipment(t.app, userToken, { cod_amount: 0.5, weight: 0.001, insurance: 1000 });
    const plain = await createShipment(t.app, userToken, {});
    await t.database.db
      .update(shipments)
      .set({
        referenceNumber: 'A\u001eB\u001fC\tD\nE',
        partnerName: 'Partner\u001f;X',
        createdAt: sql`(${`${day} 23:59:59.999999`}::timestamp at time zone 'Europe/Bratislava')`,
      })
      .where(eq(shipments.itemNumber, odd.item_number));
    await t.database.db
      .update(shipments)
      .set({ referenceNumber: '', createdAt: sql`(${`${day} 00:00:00`}::timestamp at time zone 'Europe/Bratislava')` })
      .where(eq(shipments.itemNumber, plain.item_number));

    const [admin] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.admin.clientId));
    const scope = companyScope({ clientId: admin!.id, companyId: admin!.companyId, role: 'ADMIN' });
    const plan = planReport(scope, reportFilterSchema.parse({ type: 'DAILY', from_date: day, to_date: day }));
    const rows = [];
    for await (const page of reportPages(t.database.db, plan)) rows.push(...page);
    expect(rows.map((r) => r.itemNumber)).toEqual([plain.item_number, odd.item_number]);
    const [first, second] = rows;
    expect(first).toMatchObject({ reference: null, cod: null, codCurrency: null, insurance: null, trackingNumber: plain.tracking_number });
    expect(first!.created.toISOString()).toBe(`${day}T00:00:00.000Z`);
    expect(second).toMatchObject({
      reference: 'A B C\tD\nE',
      partner: 'Partner ;X',
      weight: 0.001,
      cod: 0.5,
      insurance: 1000,
      status: 'CREATED',
      country: odd.receiver_country,
      company: expect.any(String),
    });
    expect(second!.created.toISOString()).toBe(`${day}T23:59:59.999Z`);
  });
});

describe('an empty period', () => {
  it('answers 404 with a clear message, not an empty file', async () => {
    const res = await report(userToken, daily({ from_date: `${MONTH}-01`, to_date: `${MONTH}-02` }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No shipments in this period.' });
    // A country with no shipment in a full period is empty too.
    expect((await report(userToken, daily({ countries: ['PL'] }))).statusCode).toBe(404);
  });
});
