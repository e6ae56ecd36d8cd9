// Bulk import (POST/GET /api/v1/shipments/import…): the upload answers at once and the job on the
// database queue creates every good row and explains every bad one; the result file in the
// upload's format; the mapping step; a job stopped midway resumes without duplicates; a pickup
// address deleted midway leaves no dangling shipment; scoping.
import ExcelJS from 'exceljs';
import { PgBoss } from 'pg-boss';
import Papa from 'papaparse';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportRecord } from '#shared/contract/imports.ts';
import { isValidS10 } from '#shared/domain/s10.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { inputMessages } from '#shared/i18n/input-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { queryRows } from '#server/db/client.ts';
import { missingReferences } from '#server/db/missing-references.ts';
import { clients, imports, pickupAddresses, shipmentEvents, shipments } from '#server/db/schema.ts';
import { IMPORT_DEAD_QUEUE, processImport } from '#server/features/imports/import-job.ts';
import { stopImportReader } from '#server/features/imports/import-reader.ts';
import { createImport } from '#server/features/imports/imports.service.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { zipBombXlsx } from '../setup/zip-bomb.ts';
import { bearer } from './shipments-fixtures.ts';

const en = translator('en');
const sk = translator('sk');

let t: TestApp;
let userToken: string;
let user2Token: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

const SK_HEADERS = ['Meno', 'Ulica', 'Číslo domu', 'Mesto', 'PSČ', 'Krajina', 'Telefón', 'E-mail', 'Obsah', 'Hmotnosť', 'Šírka', 'Výška', 'Dĺžka', 'Referencia'];
const good = (n: number) => [`Ján Novák ${n}`, 'Hlavná', String(n), 'Žilina', '010 01', 'SK', '0905 123 456', 'jan@example.com', 'Semená', '2,5', '30', '20', '40', `IMP-${n}`];

function csv(rows: string[][], delimiter = ';'): string {
  return Papa.unparse(rows, { delimiter, newline: '\r\n' });
}

const base64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

async function upload(file: string | Uint8Array, options: { token?: string; type?: 'csv' | 'xlsx'; filename?: string; mapping?: Record<string, number>; language?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/shipments/import',
    headers: { ...bearer(options.token ?? userToken), 'accept-language': options.language ?? 'en' },
    payload: { type: options.type ?? 'csv', filename: options.filename ?? 'orders.csv', file: base64(file), ...(options.mapping ? { mapping: options.mapping } : {}) },
  });
}

async function list(token = userToken, language = 'en'): Promise<ImportRecord[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/shipments/import', headers: { ...bearer(token), 'accept-language': language } });
  expect(res.statusCode).toBe(200);
  return res.json<ImportRecord[]>();
}

/** Waits until the job has finished the import. */
async function finished(id: string, token = userToken, language = 'en'): Promise<ImportRecord> {
  for (let i = 0; i < 200; i += 1) {
    const record = (await list(token, language)).find((r) => r.id === id);
    if (record && record.status !== 'PROCESSING') return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

async function started(file: string | Uint8Array, options: Parameters<typeof upload>[1] = {}) {
  const res = await upload(file, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; message: string }>();
}

describe('a CSV of good and bad rows', () => {
  let record: ImportRecord;
  let id: string;

  beforeAll(async () => {
    const rows = [
      SK_HEADERS,
      good(1),
      good(2),
      ['Bez Mesta', 'Hlavná', '3', '', '010 01', 'SK', '0905 123 456', 'a@example.com', 'Semená', '1', '10', '10', '10', 'IMP-3'],
      ['Zlé PSČ', 'Hlavná', '4', 'Žilina', '123', 'SK', '0905 123 456', 'a@example.com', 'Semená', '1', '10', '10', '10', 'IMP-4'],
      ['Ťažký', 'Hlavná', '5', 'Žilina', '010 01', 'SK', '0905 123 456', 'a@example.com', 'Kamene', '40', '10', '10', '10', 'IMP-5'],
      good(6),
      [],
    ];
    const answer = await started(csv(rows));
    id = answer.id;
    expect(answer.message).toBe(en(serverMessages.importStarted));
    record = await finished(id, userToken, 'sk');
  });

  it('creates every good row and counts the bad ones', async () => {
    expect(record).toMatchObject({ status: 'COMPLETED', total_shipments: 6, successful_shipments: 3, failed_shipments: 3, progress: 6, error_message: null, filename: 'orders.csv' });
    expect(record.processing_time).toBeGreaterThanOrEqual(0);
    const [created] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.importId, id));
    expect(created!.n).toBe(3);
    const [first] = await t.database.db.select().from(shipments).where(eq(shipments.referenceNumber, 'IMP-1'));
    // Decimal comma, normalised postal code and phone, the client's default pickup address.
    expect(first).toMatchObject({ weight: 2.5, receiverPostalCode: '010 01', receiverPhone: '+421905123456', status: 'CREATED', importRow: 2 });
    expect(first!.pickupAddressId).not.toBeNull();
  });

  it("explains each bad row with its row number, the file's column and a message in the caller's language", () => {
    expect(record.row_errors).toEqual([
      { row: 4, column: 'Mesto', message: sk(shipmentMessages.cityRequired) },
      { row: 5, column: 'PSČ', message: sk(shipmentMessages.postalCodeInvalid) },
      { row: 6, column: 'Hmotnosť', message: sk(shipmentMessages.tooHeavy) },
    ]);
  });

  it('answers the result file: the rows as uploaded with status, item and tracking numbers and the error', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/import/${id}`, headers: bearer(userToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('result_orders.csv');
    const parsed = Papa.parse<string[]>(res.body.replace(/^\ufeff/, ''), { delimiter: ';', skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([...SK_HEADERS, 'Status', 'item_number', 'tracking_number', 'Error']);
    expect(rows).toHaveLength(6);
    expect(rows[0]!.slice(-4, -2)).toEqual(['Created', expect.stringMatching(/^PP\d{10}$/)]);
    expect(rows[0]![SK_HEADERS.length + 2]).toMatch(/^CP\d{9}SK$/);
    expect(rows[2]!.slice(-4)).toEqual(['Failed', '', '', `Mesto: ${en(shipmentMessages.cityRequired)}`]);
  });

  it('is listed for its company only; admins see it with the company name', async () => {
    expect((await list(user2Token)).some((r) => r.id === id)).toBe(false);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/import/${id}`, headers: bearer(user2Token) });
    expect(foreign.statusCode).toBe(404);
    const asAdmin = (await list(adminToken)).find((r) => r.id === id);
    expect(asAdmin?.company_name).toBe('Zelená Záhrada s.r.o.');
    expect((await list(userToken)).find((r) => r.id === id)).not.toHaveProperty('company_name');
  });
});

describe('xlsx', () => {
  it('imports the first sheet and answers an xlsx result', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Orders');
    sheet.addRow(['receiver_name', 'receiver_address_line_1', 'receiver_city', 'receiver_postal_code', 'receiver_country', 'receiver_phone', 'receiver_email', 'content', 'weight', 'width', 'height', 'length']);
    sheet.addRow(['Anna Veselá', 'Národní 1', 'Praha', '11000', 'CZ', '+420602345678', 'anna@example.com', 'Knihy', 1.25, 20, 10, 30]);
    sheet.addRow(['Bez e-mailu', 'Národní 2', 'Praha', '11000', 'CZ', '+420602345678', '', 'Knihy', 1, 20, 10, 30]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { id } = await started(bytes, { type: 'xlsx', filename: 'objednávky.xlsx' });
    expect(await finished(id)).toMatchObject({ status: 'COMPLETED', successful_shipments: 1, failed_shipments: 1 });

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/import/${id}`, headers: bearer(userToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''result_objedn%C3%A1vky.xlsx");
    const result = new ExcelJS.Workbook();
    await result.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = result.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[1]!.slice(13, 15)).toEqual(['Created', expect.stringMatching(/^PP\d{10}$/)]);
    expect(rows[2]!.slice(13)).toEqual(['Failed', '', '', `receiver_email: ${en(shipmentMessages.emailRequired)}`]);
  });

  it('writes every text of the result as a string cell exactly as uploaded: no apostrophe, no formula', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Orders');
    sheet.addRow(['receiver_name', 'receiver_address_line_1', 'receiver_city', 'receiver_postal_code', 'receiver_country', 'receiver_phone', 'receiver_email', 'content', 'weight', 'width', 'height', 'length', 'info']);
    sheet.addRow(['Eva Malá', 'Hlavná 1', 'Žilina', '010 01', 'SK', '+421 900 000 000', 'eva@example.com', '=1+1', 1, 10, 10, 10, '@SUM(A1)']);
    sheet.addRow(['-Pavol', 'Hlavná 2', 'Žilina', '010 01', 'SK', '+421 900 000 001', '', 'Semená', 1, 10, 10, 10, '']);
    const { id } = await started(new Uint8Array(await workbook.xlsx.writeBuffer()), { type: 'xlsx', filename: 'texts.xlsx' });
    expect(await finished(id)).toMatchObject({ status: 'COMPLETED' });

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/import/${id}`, headers: bearer(userToken) });
    expect(res.statusCode, res.headers['content-type'] === 'application/json; charset=utf-8' ? res.body : '').toBe(200);
    const result = new ExcelJS.Workbook();
    await result.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const out = result.worksheets[0]!;
    const cell = (row: number, column: number) => out.getRow(row).getCell(column);
    for (const [row, column, text] of [
      [2, 6, '+421 900 000 000'],
      [2, 8, '=1+1'],
      [2, 13, '@SUM(A1)'],
      [3, 1, '-Pavol'],
      [3, 6, '+421 900 000 001'],
    ] as const) {
      expect(cell(row, column).value, `row ${row}, column ${column}`).toBe(text);
      expect(cell(row, column).type).toBe(ExcelJS.ValueType.String);
      expect(cell(row, column).formula).toBeUndefined();
    }
  });
});

describe('the CSV result', () => {
  it("keeps the apostrophe before what a spreadsheet would run as a formula (CSV has no cell types)", async () => {
    const rows = [SK_HEADERS, ['=1+1', 'Hlavná', '7', 'Žilina', '010 01', 'SK', '+421 900 000 000', 'jan@example.com', '@SUM(A1)', '2,5', '30', '20', '40', '-IMP-7']];
    const { id } = await started(csv(rows));
    await finished(id);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/import/${id}`, headers: bearer(userToken) });
    const [, row] = Papa.parse<string[]>(res.body.replace(/^\ufeff/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(row!.slice(0, SK_HEADERS.length)).toEqual(["'=1+1", 'Hlavná', '7', 'Žilina', '010 01', 'SK', "'+421 900 000 000", 'jan@example.com', "'@SUM(A1)", '2,5', '30', '20', '40', "'-IMP-7"]);
  });
});

describe('files that cannot be imported', () => {
  it('imports a text file with a stray NUL, refusing only the row that holds it, by its number and column (issue 31)', async () => {
    const text = csv([SK_HEADERS, good(1), ['Eva\u0000 Malá', ...good(2).slice(1)], good(3)]);
    const { id } = await started(text);
    const record = await finished(id, userToken, 'sk');
    expect(record).toMatchObject({ status: 'COMPLETED', successful_shipments: 2, failed_shipments: 1, error_message: null });
    expect(record.row_errors).toEqual([{ row: 3, column: 'Meno', message: sk(inputMessages.unsafeCharacters) }]);
  });

  it('ends FAILED with the reason when the content is not what the extension says', async () => {
    const { id } = await started(csv([SK_HEADERS, good(1)]), { type: 'xlsx', filename: 'orders.xlsx' });
    expect(await finished(id)).toMatchObject({ status: 'FAILED', error_message: en(serverMessages.importTypeMismatch), successful_shipments: 0 });
    // Its result file says so, in the upload's format, though the file itself cannot be read.
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/import/${id}`, headers: { ...bearer(userToken), 'accept-language': 'sk' } });
    expect(res.statusCode).toBe(200);
    const result = new ExcelJS.Workbook();
    await result.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = result.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[1]!.slice(1)).toEqual([sk(serverMessages.importResultFailed), '', '', sk(serverMessages.importTypeMismatch)]);
  });

  it('refuses a workbook that unpacks too far (the review’s: 29 entries of ~10 MB in ~300 KB) with the limit named, in the caller’s language (issue 30)', async () => {
    const bomb = await zipBombXlsx(SK_HEADERS, good(1));
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipments/import/preview',
      headers: { ...bearer(userToken), 'accept-language': 'sk' },
      payload: { type: 'xlsx', filename: 'bomb.xlsx', file: base64(bomb) },
    });
    expect(preview.statusCode, preview.body).toBe(422);
    expect(preview.json<{ errors: Record<string, string[]>; codes: Record<string, string[]> }>()).toMatchObject({
      errors: { file: [sk(serverMessages.importUnpacksTooLarge)] },
      codes: { file: ['file.too_large'] },
    });
    expect(sk(serverMessages.importUnpacksTooLarge)).not.toBe(en(serverMessages.importUnpacksTooLarge));
    expect(sk(serverMessages.importUnpacksTooLarge)).toContain('300 MB');

    const { id } = await started(bomb, { type: 'xlsx', filename: 'bomb.xlsx' });
    expect(await finished(id)).toMatchObject({ status: 'FAILED', error_message: en(serverMessages.importUnpacksTooLarge), successful_shipments: 0 });
  });

  it('refuses an empty upload at once', async () => {
    const res = await upload('');
    expect(res.statusCode).toBe(400);
  });

  it('ends FAILED when required columns are neither named nor mapped', async () => {
    const { id } = await started(csv([['A', 'B'], ['x', 'y']]));
    expect(await finished(id)).toMatchObject({ status: 'FAILED', error_message: en(documentActionMessages.importColumnsMissing) });
  });
});

describe('the mapping step', () => {
  const headers = ['Empfänger Name', 'Straße + Nr', 'Ort', 'Post code', 'Land', 'Tel.', 'Mail', 'Ware', 'kg', 'B', 'H', 'L'];
  const row = ['Eva Malá', 'Hlavná 1', 'Žilina', '01001', 'SK', '+421905123456', 'eva@example.com', 'Semená', '1', '10', '10', '10'];
  const mapping = {
    receiver_name: 0, receiver_address_line_1: 1, receiver_city: 2, receiver_postal_code: 3, receiver_country: 4, receiver_phone: 5,
    receiver_email: 6, content: 7, weight: 8, width: 9, height: 10, length: 11,
  };

  async function preview(): Promise<ImportPreview> {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/import/preview', headers: bearer(userToken), payload: { type: 'csv', filename: 'de.csv', file: base64(csv([headers, row])) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportPreview>();
  }

  it('shows the columns that were not recognised, then imports with the chosen mapping and keeps it for the next file', async () => {
    const before = await preview();
    expect(before).toMatchObject({ headers, rows: [row], total_rows: 1, saved_mapping: false });
    expect(before.missing).toEqual(expect.arrayContaining(['receiver_name', 'receiver_address_line_1', 'weight']));

    const { id } = await started(csv([headers, row]), { mapping });
    expect(await finished(id)).toMatchObject({ status: 'COMPLETED', successful_shipments: 1 });

    const after = await preview();
    expect(after).toMatchObject({ saved_mapping: true, missing: [], mapping });
    // The next file with the same headers needs no mapping.
    const { id: next } = await started(csv([headers, row]));
    expect(await finished(next)).toMatchObject({ status: 'COMPLETED', successful_shipments: 1 });
  });

  it('says why a file cannot be previewed, on the file field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/import/preview', headers: bearer(userToken), payload: { type: 'csv', filename: 'x.csv', file: base64(csv([SK_HEADERS])) } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.file).toEqual([en(documentActionMessages.importEmpty)]);
  });
});

describe('a job stopped midway (a server restart)', () => {
  it('resumes after the last committed chunk: every good row created once, counts exact', async () => {
    const rows = [SK_HEADERS, ...Array.from({ length: 2500 }, (_, i) => (i % 10 === 9 ? ['', 'Hlavná', '1', 'Žilina', '010 01', 'SK', '0905 123 456', 'a@example.com', 'x', '1', '1', '1', '1', 'BAD'] : good(i + 1)))];
    const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    const principal = { clientId: user!.id, companyId: user!.companyId, role: 'USER' as const };
    // Stored as the route stores it, but run here rather than by the queue's worker.
    const id = await createImport(t.database.db, principal, { type: 'csv', filename: 'big.csv', file: base64(csv(rows)) });

    await expect(
      processImport(t.database.db, id, {
        onChunk: (progress) => {
          if (progress === 1000) throw new Error('the server stopped');
        },
      }),
    ).rejects.toThrow('the server stopped');
    const [midway] = await t.database.db.select().from(imports).where(eq(imports.id, id));
    expect(midway).toMatchObject({ status: 'PROCESSING', progress: 1000, successful: 900, failed: 100 });

    await processImport(t.database.db, id);
    const [done] = await t.database.db.select().from(imports).where(eq(imports.id, id));
    expect(done).toMatchObject({ status: 'COMPLETED', progress: 2500, totalRows: 2500, successful: 2250, failed: 250 });
    const [created] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.importId, id));
    expect(created!.n).toBe(2250);
    // Running it again (a duplicated job) changes nothing.
    await processImport(t.database.db, id);
    const [again] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.importId, id));
    expect(again!.n).toBe(2250);
  });
});

describe('the reader thread stopping during an import', () => {
  it('fails that run of the job only: the retried job starts a new reader and finishes, each row once', async () => {
    const db = t.database.db;
    const [user] = await db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    const principal = { clientId: user!.id, companyId: user!.companyId, role: 'USER' as const };
    const id = await createImport(db, principal, { type: 'csv', filename: 'reader.csv', file: base64(csv([SK_HEADERS, ...Array.from({ length: 3100 }, (_, i) => good(i + 1))])) });

    // As if the thread ran out of memory: a chunk asked of it afterwards never comes (the second
    // chunk, read ahead while the first was written, may be in already; the third is not).
    await expect(processImport(db, id, { onChunk: (progress) => (progress === 1000 ? stopImportReader() : undefined) })).rejects.toThrow(/import reader stopped/);
    await processImport(db, id);
    const [done] = await db.select().from(imports).where(eq(imports.id, id));
    expect(done).toMatchObject({ status: 'COMPLETED', progress: 3100, successful: 3100, failed: 0 });
    expect((await db.select({ n: count() }).from(shipments).where(eq(shipments.importId, id)))[0]!.n).toBe(3100);
  });
});

describe('an import whose job keeps failing', () => {
  it('ends FAILED ("interrupted") through the dead-letter queue instead of staying PROCESSING', async () => {
    const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    const principal = { clientId: user!.id, companyId: user!.companyId, role: 'USER' as const };
    const id = await createImport(t.database.db, principal, { type: 'csv', filename: 'stuck.csv', file: base64(csv([SK_HEADERS, good(1)])) });
    // What pg-boss does with a job after its last retry: another instance on the same database sends it.
    const other = new PgBoss({ ...t.database.jobQueue, schedule: false, supervise: false });
    other.on('error', () => undefined);
    await other.start();
    try {
      await other.send(IMPORT_DEAD_QUEUE, { importId: id });
      expect(await finished(id)).toMatchObject({ status: 'FAILED', error_message: en(serverMessages.importInterrupted) });
    } finally {
      // Its own pool on PostgreSQL is closed; PGlite is the test database's, closed with it.
      await other.stop({ graceful: false, close: t.database.kind === 'postgres' });
    }
  });
});

describe('access', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shipments/import' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown import id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/shipments/import/00000000-0000-4000-8000-000000000000', headers: bearer(userToken) });
    expect(res.statusCode).toBe(404);
  });
});

describe('a pickup address deleted while an import runs', () => {
  it('never leaves a shipment pointing at it: that chunk rolls back, and the retried job goes on without it', async () => {
    const db = t.database.db;
    const [user] = await db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    const principal = { clientId: user!.id, companyId: user!.companyId, role: 'USER' as const };
    const id = await createImport(db, principal, { type: 'csv', filename: 'moving.csv', file: base64(csv([SK_HEADERS, ...Array.from({ length: 1500 }, (_, i) => good(i + 1))])) });

    // The embedded database skips the per-row key checks on import and checks each chunk at
    // once; PostgreSQL's own checks refuse the chunk. Either way nothing of that chunk lands.
    await expect(
      processImport(db, id, {
        onChunk: async (progress) => {
          if (progress !== 1000) return;
          const [first] = await db.select({ address: shipments.pickupAddressId }).from(shipments).where(eq(shipments.importId, id)).limit(1);
          await db.delete(pickupAddresses).where(eq(pickupAddresses.id, first!.address!));
        },
      }),
    ).rejects.toThrow();
    expect((await db.select({ n: count() }).from(shipments).where(eq(shipments.importId, id)))[0]!.n).toBe(1000);

    await processImport(db, id);
    const [done] = await db.select().from(imports).where(eq(imports.id, id));
    expect(done).toMatchObject({ status: 'COMPLETED', progress: 1500 });
    expect(done!.successful + done!.failed).toBe(1500);
    expect(await missingReferences(db, shipments, sql`true`)).toEqual([]);
    expect(await missingReferences(db, shipmentEvents, sql`true`)).toEqual([]);
    // The list's counts still follow every shipment (their triggers fire in every replication role).
    const [counts] = await queryRows<{ counted: number; actual: number }>(
      db,
      sql`select (select coalesce(sum(n), 0)::int from shipment_counts) as counted, (select count(*)::int from shipments) as actual`,
    );
    expect(counts!.counted).toBe(counts!.actual);
  });
});

describe('numbers of an imported chunk', () => {
  it('gives each row its own consecutive id, item and tracking number and one CREATED event, also where the tracking serial wraps', async () => {
    const db = t.database.db;
    const [user] = await db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    const principal = { clientId: user!.id, companyId: user!.companyId, role: 'USER' as const };
    const [before] = await queryRows<{ last: number }>(db, sql`select last_value::int as last from tracking_serial_seq`);
    // Five serials before the sequence's maximum (99,999,999): the chunk's 20 rows run past it.
    if (t.database.kind === 'pglite') await db.execute(sql`select setval('tracking_serial_seq', 99999994)`);
    try {
      const id = await createImport(db, principal, { type: 'csv', filename: 'numbers.csv', file: base64(csv([SK_HEADERS, ...Array.from({ length: 20 }, (_, i) => good(i + 1))])) });
      await processImport(db, id);
      const rows = await db
        .select({ id: shipments.id, item: shipments.itemNumber, tracking: shipments.trackingNumber, row: shipments.importRow })
        .from(shipments)
        .where(eq(shipments.importId, id))
        .orderBy(shipments.importRow);
      expect(rows.map((r) => r.row)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
      expect(new Set(rows.map((r) => r.tracking)).size).toBe(20);
      expect(rows.every((r) => isValidS10(r.tracking!))).toBe(true);
      const items = rows.map((r) => Number(r.item.slice(2)));
      expect(items.every((n, i) => i === 0 || n === items[i - 1]! + 1 || t.database.kind === 'postgres')).toBe(true);
      if (t.database.kind === 'pglite') {
        const serials = rows.map((r) => Number(r.tracking!.slice(2, 10)));
        expect(serials).toEqual([99999995, 99999996, 99999997, 99999998, 99999999, ...Array.from({ length: 15 }, (_, i) => i + 1)]);
        expect(rows.every((r, i) => i === 0 || r.id === rows[i - 1]!.id + 1)).toBe(true);
      }
      const events = await db
        .select({ shipment: shipmentEvents.shipmentId, status: shipmentEvents.status, source: shipmentEvents.source })
        .from(shipmentEvents)
        .where(inArray(shipmentEvents.shipmentId, rows.map((r) => r.id)));
      expect(events).toHaveLength(20);
      expect(new Set(events.map((e) => e.shipment)).size).toBe(20);
      expect(events.every((e) => e.status === 'CREATED' && e.source === 'import')).toBe(true);
      // The next shipment from the send form takes the values after the chunk's.
      const [next] = await queryRows<{ item: string; id: string }>(db, sql`select nextval('item_number_seq')::text as item, nextval(pg_get_serial_sequence('shipments', 'id'))::text as id`);
      expect(Number(next!.item)).toBeGreaterThan(items[items.length - 1]!);
      expect(Number(next!.id)).toBeGreaterThan(rows[rows.length - 1]!.id);
    } finally {
      if (t.database.kind === 'pglite') await db.execute(sql`select setval('tracking_serial_seq', ${before!.last})`);
    }
  });
});
