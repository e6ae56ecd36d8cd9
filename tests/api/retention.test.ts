// Retention (jobs/retention.ts): rows past their expiry, old uploads with their row errors past
// the shown ones and old pickup-point list records are deleted in bounded batches, young rows stay;
// an import's record outlives its upload, and its result file then answers 410 in the caller's
// language. The app registers both cron entries and the worker runs a task sent to the queue.
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { IMPORT_ROW_ERRORS_SHOWN } from '#shared/domain/limits.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { queryRows } from '#server/db/client.ts';
import {
  clients,
  idempotencyKeys,
  importFiles,
  importRowErrors,
  imports,
  partnerRequestSignatures,
  pointDirectoryFeeds,
  pointDirectoryImports,
  rateLimits,
  refreshTokens,
} from '#server/db/schema.ts';
import { translator } from '#server/i18n.ts';
import { DEFAULT_RETENTION, RETENTION_QUEUE, runRetention } from '#server/jobs/retention.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let user: typeof clients.$inferSelect;

/** The app's cron entries, out of the way of the runs this file makes itself (a due run would purge the same rows). */
const SCHEDULES = { expired: '0 0 1 1 *', history: '30 0 1 1 *' };

beforeAll(async () => {
  t = await createTestApp({ jobs: true, retention: { schedules: SCHEDULES } });
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  [user] = (await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId))) as [typeof clients.$inferSelect];
});

afterAll(async () => {
  await t?.close();
});

const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('rows past their expiry', () => {
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    const db = t.database.db;
    const token = (name: string, values: Partial<typeof refreshTokens.$inferInsert>) => ({
      familyId: randomUUID(),
      clientId: user.id,
      tokenHash: `${tag}-${name}`,
      expiresAt: ahead(HOUR),
      familyExpiresAt: ahead(DAY),
      ...values,
    });
    await db.insert(refreshTokens).values([
      // Seven sessions past their absolute limit: three batches of three.
      ...Array.from({ length: 7 }, (_, i) => token(`old-${i}`, { expiresAt: ago(2 * DAY), familyExpiresAt: ago(DAY) })),
      token('live', {}),
      token('idle-but-family-alive', { expiresAt: ago(HOUR) }),
      token('revoked-long-ago', { revokedAt: ago(2 * DAY) }),
      token('revoked-lately', { revokedAt: ago(HOUR) }),
    ]);
    await db.insert(idempotencyKeys).values([
      ...Array.from({ length: 4 }, (_, i) => ({ companyId: user.companyId, key: `${tag}-old-${i}`, requestHash: 'h', responseStatus: 201, responseBody: '{}', expiresAt: ago(HOUR) })),
      { companyId: user.companyId, key: `${tag}-young`, requestHash: 'h', expiresAt: ahead(DAY) },
    ]);
    await db.insert(partnerRequestSignatures).values([
      { signature: `${tag}-old`, expiresAt: ago(60_000) },
      { signature: `${tag}-young`, expiresAt: ahead(60_000) },
    ]);
    await db.insert(rateLimits).values([
      { key: `${tag}-old`, points: 3, expire: Date.now() - 5 * 60_000 },
      // Within the minute of slack the instances' clocks are allowed.
      { key: `${tag}-just-ended`, points: 3, expire: Date.now() - 10_000 },
      { key: `${tag}-young`, points: 1, expire: Date.now() + 60_000 },
      { key: `${tag}-forever`, points: 1, expire: null },
    ]);
  });

  it('deletes them in batches and keeps every row still in use', async () => {
    const report = await runRetention(t.database.db, 'expired', { batchSize: 3 });
    expect(report.refresh_tokens_expired).toEqual({ deleted: 7, batches: 3 });
    expect(report.refresh_tokens_revoked).toEqual({ deleted: 1, batches: 1 });
    expect(report.idempotency_keys).toEqual({ deleted: 4, batches: 2 });
    expect(report.partner_request_signatures).toEqual({ deleted: 1, batches: 1 });
    expect(report.rate_limits).toEqual({ deleted: 1, batches: 1 });

    const tokens = await t.database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens).where(sql`${refreshTokens.tokenHash} like ${`${tag}-%`}`);
    expect(tokens.map((row) => row.hash).sort()).toEqual([`${tag}-idle-but-family-alive`, `${tag}-live`, `${tag}-revoked-lately`]);
    const keys = await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(sql`${idempotencyKeys.key} like ${`${tag}-%`}`);
    expect(keys.map((row) => row.key)).toEqual([`${tag}-young`]);
    const signatures = await t.database.db.select({ s: partnerRequestSignatures.signature }).from(partnerRequestSignatures).where(sql`${partnerRequestSignatures.signature} like ${`${tag}-%`}`);
    expect(signatures.map((row) => row.s)).toEqual([`${tag}-young`]);
    const limits = await t.database.db.select({ key: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} like ${`${tag}-%`}`);
    expect(limits.map((row) => row.key).sort()).toEqual([`${tag}-forever`, `${tag}-just-ended`, `${tag}-young`]);
  });

  it('finds nothing left on the next run', async () => {
    const report = await runRetention(t.database.db, 'expired', { batchSize: 3 });
    for (const purge of Object.values(report)) expect(purge.deleted).toBe(0);
  });

  it('stops between batches once its budget is spent or the queue stops', async () => {
    await t.database.db.insert(idempotencyKeys).values(Array.from({ length: 5 }, (_, i) => ({ companyId: user.companyId, key: `${tag}-later-${i}`, requestHash: 'h', expiresAt: ago(HOUR) })));
    const stopped = new AbortController();
    stopped.abort();
    expect((await runRetention(t.database.db, 'expired', { batchSize: 2 }, stopped.signal)).idempotency_keys).toEqual({ deleted: 0, batches: 0 });
    expect((await runRetention(t.database.db, 'expired', { batchSize: 2, budgetMs: { expired: 0, history: 0 } })).idempotency_keys).toEqual({ deleted: 0, batches: 0 });
    expect((await runRetention(t.database.db, 'expired', { batchSize: 2 })).idempotency_keys).toEqual({ deleted: 5, batches: 3 });
  });
});

const HEADERS = ['Meno', 'Ulica', 'Číslo domu', 'Mesto', 'PSČ', 'Krajina', 'Telefón', 'E-mail', 'Obsah', 'Hmotnosť', 'Šírka', 'Výška', 'Dĺžka', 'Referencia'];
const row = (n: number, city = 'Žilina') => [`Ján Novák ${n}`, 'Hlavná', String(n), city, '010 01', 'SK', '0905 123 456', 'jan@example.com', 'Semená', '2,5', '30', '20', '40', `RET-${n}`];
/** Two good rows, then `bad` rows without a town. */
const file = (bad: number) => Papa.unparse([HEADERS, row(1), row(2), ...Array.from({ length: bad }, (_, i) => row(3 + i, ''))], { delimiter: ';', newline: '\r\n' });

async function importFinished(csv: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shipments/import',
    headers: bearer(userToken),
    payload: { type: 'csv', filename: 'orders.csv', file: Buffer.from(csv).toString('base64') },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ id: string }>();
  await vi.waitFor(
    async () => {
      const [record] = await t.database.db.select({ status: imports.status }).from(imports).where(eq(imports.id, id));
      expect(record?.status).not.toBe('PROCESSING');
    },
    { timeout: 20_000, interval: 100 },
  );
  return id;
}

const resultFile = (id: string, language = 'en') => t.app.inject({ method: 'GET', url: `/api/v1/shipments/import/${id}`, headers: { ...bearer(userToken), 'accept-language': language } });
const countOf = async (table: typeof importFiles | typeof importRowErrors, id: string) => (await t.database.db.select({ n: count() }).from(table).where(eq(table.importId, id)))[0]!.n;

describe('old uploads and lists', () => {
  let old: string;
  let young: string;
  let oldLists: string[];

  beforeAll(async () => {
    old = await importFinished(file(IMPORT_ROW_ERRORS_SHOWN + 5));
    young = await importFinished(file(IMPORT_ROW_ERRORS_SHOWN + 5));
    expect((await resultFile(old)).statusCode).toBe(200);
    await t.database.db.update(imports).set({ finishedAt: ago((DEFAULT_RETENTION.importUploadDays + 1) * DAY) }).where(eq(imports.id, old));
    await t.database.db.update(imports).set({ finishedAt: ago((DEFAULT_RETENTION.importUploadDays - 1) * DAY) }).where(eq(imports.id, young));

    const list = (createdAt: Date, filename: string) => ({ partnerId: PARTNERS.SPS, filename, createdAt, total: 1, added: 1 });
    oldLists = (
      await t.database.db
        .insert(pointDirectoryImports)
        .values([list(ago(100 * DAY), 'old.csv'), list(ago(95 * DAY), 'feed-last.csv'), list(ago(10 * DAY), 'young.csv')])
        .returning({ id: pointDirectoryImports.id })
    ).map((r) => r.id);
    // A feed's last run stays whatever its age: the feed's page shows it.
    await t.database.db.insert(pointDirectoryFeeds).values({ partnerId: PARTNERS.SPS, url: 'https://example.com/points.csv', format: 'csv', everyHours: 24, enabled: false, lastImportId: oldLists[1]! });
  });

  it('deletes the upload and the row errors past the shown ones of an import finished long ago, in batches', async () => {
    const report = await runRetention(t.database.db, 'history', { batchSize: 4 });
    expect(report.import_row_errors).toEqual({ deleted: 5, batches: 2 });
    expect(report.import_files).toEqual({ deleted: 1, batches: 1 });
    expect(await countOf(importFiles, old)).toBe(0);
    const kept = await t.database.db.select({ row: importRowErrors.rowNumber }).from(importRowErrors).where(eq(importRowErrors.importId, old)).orderBy(importRowErrors.rowNumber);
    // The first ones (the history shows them): the file's rows 4.. (a header, two good rows)
    expect(kept.map((r) => r.row)).toEqual(Array.from({ length: IMPORT_ROW_ERRORS_SHOWN }, (_, i) => 4 + i));
  });

  it('keeps a younger import whole', async () => {
    expect(await countOf(importFiles, young)).toBe(1);
    expect(await countOf(importRowErrors, young)).toBe(IMPORT_ROW_ERRORS_SHOWN + 5);
    expect((await resultFile(young)).statusCode).toBe(200);
  });

  it("keeps the import's record: counts and the errors the history shows; the history says the result file is gone", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/shipments/import', headers: bearer(userToken) });
    const records = res.json<ImportRecord[]>();
    const record = records.find((r) => r.id === old)!;
    expect(record).toMatchObject({ status: 'COMPLETED', total_shipments: IMPORT_ROW_ERRORS_SHOWN + 7, successful_shipments: 2, failed_shipments: IMPORT_ROW_ERRORS_SHOWN + 5, result_available: false });
    expect(record.row_errors).toHaveLength(IMPORT_ROW_ERRORS_SHOWN);
    expect(records.find((r) => r.id === young)?.result_available).toBe(true);
  });

  it('answers 410 for the result file afterwards, in the caller’s language', async () => {
    for (const language of ['en', 'sk'] as const) {
      const res = await resultFile(old, language);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: 'gone', message: translator(language)(serverMessages.importFileGone, { days: DEFAULT_RETENTION.importUploadDays }) });
    }
    expect(translator('en')(serverMessages.importFileGone, { days: 30 })).toBe('The import’s file is no longer kept: result files can be downloaded for 30 days after an import.');
  });

  it('deletes pickup-point list records past their time, but not a feed’s last one', async () => {
    const left = await t.database.db.select({ id: pointDirectoryImports.id }).from(pointDirectoryImports).where(inArray(pointDirectoryImports.id, oldLists));
    expect(left.map((r) => r.id).sort()).toEqual([oldLists[1]!, oldLists[2]!].sort());
  });

  it('finds nothing left on the next run', async () => {
    const report = await runRetention(t.database.db, 'history', { batchSize: 4 });
    for (const purge of Object.values(report)) expect(purge.deleted).toBe(0);
  });
});

describe('the queue', () => {
  it('holds one cron entry per task, in UTC', async () => {
    const schedules = await queryRows<{ key: string; cron: string; timezone: string }>(t.database.db, sql`select key, cron, timezone from pgboss.schedule where name = ${RETENTION_QUEUE} order by key`);
    expect(schedules).toEqual([
      { key: 'expired', cron: SCHEDULES.expired, timezone: 'UTC' },
      { key: 'history', cron: SCHEDULES.history, timezone: 'UTC' },
    ]);
    // By default: expired rows every 10 minutes, the history at night.
    expect(DEFAULT_RETENTION.schedules).toEqual({ expired: '*/10 * * * *', history: '40 2 * * *' });
  });

  it('runs a task sent to it on an instance’s worker', async () => {
    await t.database.db.insert(partnerRequestSignatures).values({ signature: `queued-${randomUUID()}`, expiresAt: ago(60_000) });
    // Another instance on the same database sends it (as the cron pass would).
    const other = new PgBoss({ ...t.database.jobQueue, schedule: false, supervise: false });
    other.on('error', () => undefined);
    await other.start();
    try {
      await other.send(RETENTION_QUEUE, { task: 'expired' });
    } finally {
      // Its own pool on PostgreSQL is closed; PGlite is the test database's, closed with it.
      await other.stop({ graceful: false, close: t.database.kind === 'postgres' });
    }
    await vi.waitFor(
      async () => {
        const [left] = await t.database.db.select({ n: count() }).from(partnerRequestSignatures).where(sql`${partnerRequestSignatures.expiresAt} < now()`);
        expect(left!.n).toBe(0);
      },
      { timeout: 20_000, interval: 250 },
    );
  });
});
