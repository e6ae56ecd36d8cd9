// PGlite's autovacuum (embedded database only). PGlite runs PostgreSQL in single-user mode, where
// the autovacuum launcher never starts: without this job the tables that churn (the job queue's,
// idempotency keys, sessions, shipments' status updates) only grow, dead rows slow every scan, and
// the planner never learns what a bulk import put in a table. A job of the queue applies
// autovacuum's own rules (PostgreSQL's default thresholds) every 10 minutes, a table at a time with
// the event loop served between tables, since on PGlite a VACUUM holds the only connection. A large
// table's VACUUM (seconds, every request waiting) is left to the nightly run; ANALYZE reads a
// bounded sample and runs whenever due. PostgreSQL's own autovacuum does all this there.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { queryRows, type Db } from '#server/db/client.ts';
import { tablesDue } from './autovacuum-rules.ts';
import { stoppingSignal, yieldToRequests } from './job-queue.ts';

export const VACUUM_QUEUE = 'pglite-vacuum';

export interface VacuumJob {
  /** The nightly run, which also vacuums large tables. */
  night: boolean;
}

export interface VacuumOptions {
  /** Tables with more live rows than this are vacuumed only at night. */
  largeTableRows: number;
  /** A run stops after this long (ms); the next one carries on. */
  budgetMs: number;
  schedules: { day: string; night: string };
}

export const DEFAULT_VACUUM: VacuumOptions = {
  largeTableRows: 100_000,
  budgetMs: 5 * 60_000,
  // Between the retention runs (every 10 minutes at :00) and after the nightly history purge (02:40 UTC).
  schedules: { day: '5-55/10 * * * *', night: '55 2 * * *' },
};

export interface VacuumReport {
  vacuumed: string[];
  analyzed: string[];
  /** Due tables left for the next run (budget spent or the queue stopping). */
  left: number;
}

/** One maintenance pass over the database's tables. */
export async function runVacuum(db: Db, night: boolean, options: Partial<VacuumOptions> = {}, signal: AbortSignal = new AbortController().signal): Promise<VacuumReport> {
  const settings = { ...DEFAULT_VACUUM, ...options };
  const until = Date.now() + settings.budgetMs;
  const activity = await queryRows<{ schema: string; table: string; live: number; dead: number; modified: number; inserted: number }>(
    db,
    sql`select schemaname as schema, relname as "table", n_live_tup::float8 as live, n_dead_tup::float8 as dead,
               n_mod_since_analyze::float8 as modified, n_ins_since_vacuum::float8 as inserted
        from pg_stat_user_tables`,
  );
  const due = tablesDue(activity, night, settings.largeTableRows);
  const report: VacuumReport = { vacuumed: [], analyzed: [], left: 0 };
  for (const [index, work] of due.entries()) {
    if (signal.aborted || Date.now() >= until) {
      report.left = due.length - index;
      break;
    }
    const target = sql`${sql.identifier(work.schema)}.${sql.identifier(work.table)}`;
    const name = `${work.schema}.${work.table}`;
    if (work.vacuum) await db.execute(work.analyze ? sql`vacuum (analyze) ${target}` : sql`vacuum ${target}`);
    else await db.execute(sql`analyze ${target}`);
    if (work.vacuum) report.vacuumed.push(name);
    if (work.analyze) report.analyzed.push(name);
    await yieldToRequests();
  }
  return report;
}

/** The queue, its worker and the two cron entries; only for PGlite (app.ts). */
export async function registerPgliteVacuum(boss: PgBoss, db: Db, log: FastifyBaseLogger, options: Partial<VacuumOptions> = {}): Promise<void> {
  const settings = { ...DEFAULT_VACUUM, ...options };
  const stopping = stoppingSignal(boss);
  await boss.createQueue(VACUUM_QUEUE, { retryLimit: 0, expireInSeconds: Math.ceil(settings.budgetMs / 1000) + 5 * 60, deleteAfterSeconds: 24 * 3600 });
  await boss.work<VacuumJob>(VACUUM_QUEUE, { localConcurrency: 1, pollingIntervalSeconds: 5 }, async ([job]) => {
    if (!job) return;
    const started = Date.now();
    const report = await runVacuum(db, job.data.night, settings, stopping);
    if (report.vacuumed.length + report.analyzed.length > 0) log.info({ ...report, night: job.data.night, ms: Date.now() - started }, 'pglite maintenance: tables vacuumed and analyzed');
  });
  await boss.schedule(VACUUM_QUEUE, settings.schedules.day, { night: false } satisfies VacuumJob, { key: 'day', tz: 'UTC' });
  await boss.schedule(VACUUM_QUEUE, settings.schedules.night, { night: true } satisfies VacuumJob, { key: 'night', tz: 'UTC', missed: 'once' });
}
