// Retention (issue 20): what grows without bound and is no longer needed is deleted by jobs of the
// queue, two cron entries shared by every instance on the database: pg-boss sends each due run
// once however many instances look (tests/api/cluster-retention.test.ts), whichever instance's
// worker takes it. Every purge deletes in bounded statements (RetentionOptions.batchSize rows
// picked by their place, the condition checked again on delete) and loops: a large backlog never holds
// many row locks or one long statement, other queries run between the batches (on PGlite too,
// where one statement runs at a time), and a run stops at its time budget or when the instance
// stops; the next run carries on where it ended. README, "Retention", says what is kept how long.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { IMPORT_ROW_ERRORS_SHOWN } from '#shared/domain/limits.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { stoppingSignal, yieldToRequests } from './job-queue.ts';

export const RETENTION_QUEUE = 'retention';

/** `expired`: rows past their own expiry (sessions, idempotency keys, feed signatures, rate-limit counters); `history`: old uploads and lists. */
export const RETENTION_TASKS = ['expired', 'history'] as const;
export type RetentionTask = (typeof RETENTION_TASKS)[number];

export interface RetentionJob {
  task: RetentionTask;
}

export interface RetentionOptions {
  /** Rows per DELETE statement. */
  batchSize: number;
  /** An import's upload (and its row errors past the shown ones) is deleted this many days after the import finished. */
  importUploadDays: number;
  /** An ended (revoked) session's refresh tokens are deleted this many hours after it ended. */
  revokedSessionHours: number;
  /** A pickup-point list import's record is deleted after this many days (a feed's last one stays). */
  pointListDays: number;
  /** A run of each task stops after this long (ms); the next run carries on. */
  budgetMs: Record<RetentionTask, number>;
  /** When each task runs (cron, UTC). */
  schedules: Record<RetentionTask, string>;
}

export const DEFAULT_RETENTION: RetentionOptions = {
  batchSize: 5_000,
  importUploadDays: 30,
  revokedSessionHours: 24,
  pointListDays: 90,
  budgetMs: { expired: 4 * 60_000, history: 20 * 60_000 },
  // Every 10 minutes; history at night (UTC), away from the office hours of the carrier's countries.
  schedules: { expired: '*/10 * * * *', history: '40 2 * * *' },
};

/** Imports whose uploads one query picks (each import's upload then goes in one statement: at most IMPORT_MAX_BYTES in 1 MiB parts). */
const IMPORTS_PER_PICK = 20;

/** What one purge deleted, in how many statements. */
export interface PurgeCount {
  deleted: number;
  batches: number;
}

export type RetentionReport = Record<string, PurgeCount>;

interface Run {
  db: Db;
  options: RetentionOptions;
  until: number;
  signal: AbortSignal;
}

const goOn = (run: Run) => !run.signal.aborted && Date.now() < run.until;

/** Rows a DELETE removed: node-postgres says rowCount, PGlite affectedRows. */
function affected(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}

/** Runs `statement` (a DELETE of at most `batchSize` rows) until it deletes fewer, the budget ends or the queue stops. */
async function inBatches(run: Run, statement: SQL, count: PurgeCount = { deleted: 0, batches: 0 }): Promise<PurgeCount> {
  while (goOn(run)) {
    const deleted = affected(await run.db.execute(statement));
    count.deleted += deleted;
    count.batches += 1;
    await yieldToRequests();
    if (deleted < run.options.batchSize) break;
  }
  return count;
}

/**
 * Deletes the rows of `table` matching `where`, `batchSize` at a time: the rows are picked by
 * their place (ctid, a TID scan: each batch costs its own rows, not the whole backlog's) and
 * `where` is checked again by the DELETE itself, so a row changed or replaced between the pick and
 * the delete (an idempotency key claimed anew) is left alone.
 */
function purgeWhere(run: Run, table: string, where: SQL): Promise<PurgeCount> {
  const t = sql.raw(table);
  return inBatches(run, sql`delete from ${t} where ctid = any(array(select ctid from ${t} where ${where} limit ${run.options.batchSize})) and ${where}`);
}

/** Rows past their own expiry. */
async function purgeExpired(run: Run): Promise<RetentionReport> {
  const report: RetentionReport = {};
  // Sessions past their absolute limit (REFRESH_ABSOLUTE_SECONDS): every token of theirs is refused anyway.
  report.refresh_tokens_expired = await purgeWhere(run, 'refresh_tokens', sql`family_expires_at < now()`);
  // Ended sessions: each instance reads those ended in the last ~16 minutes (active-clients.ts); after that a row only tells "revoked" from "unknown" (both refused).
  report.refresh_tokens_revoked = await purgeWhere(run, 'refresh_tokens', sql`revoked_at < now() - make_interval(hours => ${run.options.revokedSessionHours})`);
  // Kept 7 days (IDEMPOTENCY_TTL_MS); an expired key is free to be claimed again anyway.
  report.idempotency_keys = await purgeWhere(run, 'idempotency_keys', sql`expires_at < now()`);
  // A signature past its timestamp window: the timestamp check refuses the request anyway.
  report.partner_request_signatures = await purgeWhere(run, 'partner_request_signatures', sql`expires_at < now()`);
  // Counters whose window ended (a minute of slack for the instances' clocks, as limit-counters.ts); empty on PGlite.
  report.rate_limits = await purgeWhere(run, 'rate_limits', sql`expire < (extract(epoch from now()) * 1000)::bigint - 60000`);
  return report;
}

/**
 * The uploads of imports finished `importUploadDays` ago, and their row errors past the ones the
 * import history shows (IMPORT_ROW_ERRORS_SHOWN): they served the result file only. The import's
 * record (counts, the shown errors) stays; its result file answers 410 from then on. The errors go
 * first, then the upload: a run cut short between the two leaves the upload, which is picked again.
 */
async function purgeImportUploads(run: Run): Promise<RetentionReport> {
  const errors: PurgeCount = { deleted: 0, batches: 0 };
  const files: PurgeCount = { deleted: 0, batches: 0 };
  while (goOn(run)) {
    const picked = await queryRows<{ id: string }>(
      run.db,
      sql`select distinct f.import_id as id from import_files f join imports i on i.id = f.import_id
          where i.finished_at < now() - make_interval(days => ${run.options.importUploadDays}) limit ${IMPORTS_PER_PICK}`,
    );
    for (const { id } of picked) {
      if (!goOn(run)) break;
      await inBatches(
        run,
        sql`delete from import_row_errors where import_id = ${id} and row_number in
            (select row_number from import_row_errors where import_id = ${id} order by row_number offset ${IMPORT_ROW_ERRORS_SHOWN} limit ${run.options.batchSize})`,
        errors,
      );
      if (!goOn(run)) break;
      files.deleted += affected(await run.db.execute(sql`delete from import_files where import_id = ${id}`));
      files.batches += 1;
      await yieldToRequests();
    }
    if (picked.length < IMPORTS_PER_PICK) break;
  }
  return { import_row_errors: errors, import_files: files };
}

async function purgeHistory(run: Run): Promise<RetentionReport> {
  const report = await purgeImportUploads(run);
  // Each fetch of a partner's list adds a record (hourly feeds: thousands a year, each with up to 100 refused rows); the audit log keeps its summary.
  report.point_directory_imports = await purgeWhere(
    run,
    'point_directory_imports',
    sql`created_at < now() - make_interval(days => ${run.options.pointListDays}) and id not in (select last_import_id from point_directory_feeds where last_import_id is not null)`,
  );
  return report;
}

/** Runs one task now, within its budget; answers what each purge deleted. */
export async function runRetention(db: Db, task: RetentionTask, options: Partial<RetentionOptions> = {}, signal: AbortSignal = new AbortController().signal): Promise<RetentionReport> {
  const settings = { ...DEFAULT_RETENTION, ...options };
  const run: Run = { db, options: settings, until: Date.now() + settings.budgetMs[task], signal };
  return task === 'expired' ? purgeExpired(run) : purgeHistory(run);
}

/**
 * Creates the queue and its worker and puts the cron entries in step (one entry per task: the
 * instances starting at once all write the same ones). A failed run is not retried by the queue:
 * the next scheduled run is the retry.
 */
export async function registerRetentionJobs(boss: PgBoss, db: Db, log: FastifyBaseLogger, options: Partial<RetentionOptions> = {}): Promise<void> {
  const settings = { ...DEFAULT_RETENTION, ...options };
  const stopping = stoppingSignal(boss);
  const longest = Math.max(...Object.values(settings.budgetMs));
  // Its own finished jobs (150 a day) kept a day rather than pg-boss's week.
  await boss.createQueue(RETENTION_QUEUE, { retryLimit: 0, expireInSeconds: Math.ceil(longest / 1000) + 5 * 60, deleteAfterSeconds: 24 * 3600 });
  await boss.work<RetentionJob>(RETENTION_QUEUE, { localConcurrency: 1, pollingIntervalSeconds: 5 }, async ([job]) => {
    if (!job) return;
    const started = Date.now();
    const report = await runRetention(db, job.data.task, settings, stopping);
    const deleted = Object.fromEntries(Object.entries(report).filter(([, count]) => count.deleted > 0).map(([name, count]) => [name, count.deleted]));
    if (Object.keys(deleted).length > 0) log.info({ task: job.data.task, deleted, ms: Date.now() - started }, 'retention: old rows deleted');
  });
  for (const task of RETENTION_TASKS) {
    // A nightly run missed while every instance was down is sent once when one is back.
    await boss.schedule(RETENTION_QUEUE, settings.schedules[task], { task } satisfies RetentionJob, { key: task, tz: 'UTC', ...(task === 'history' ? { missed: 'once' as const } : {}) });
  }
}
