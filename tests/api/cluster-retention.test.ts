// The retention cron entries with three instances on one PostgreSQL (issue 20): each instance
// registers the retention jobs at start (app.ts), so each writes the same entries and each runs a
// worker; a due run must be sent once per interval, not once per instance, and one of the
// workers runs it. The entries due every minute here (the passes every second) to see it happen.
// On PGlite one process holds the database: nothing to share (retention.test.ts covers the purges).
import type { FastifyBaseLogger } from 'fastify';
import { count, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { partnerRequestSignatures } from '#server/db/schema.ts';
import { startJobQueue } from '#server/jobs/job-queue.ts';
import { registerRetentionJobs, RETENTION_QUEUE, type RetentionJob } from '#server/jobs/retention.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

describe.runIf(!!process.env.TEST_DATABASE_URL)('retention with three instances on one PostgreSQL', () => {
  let t: TestApp;
  const bosses: PgBoss[] = [];
  const errors: unknown[] = [];
  const runs: string[] = [];
  const log = {
    error: (details: unknown) => errors.push(details),
    info: () => runs.push('deleted'),
  } as unknown as FastifyBaseLogger;

  /** The database's minute (what pg-boss's slots are measured in). */
  const minute = async () => (await queryRows<{ m: number }>(t.database.db, sql`select floor(extract(epoch from now()) / 60)::int as m`))[0]!.m;
  const expiredJobs = async () => (await bosses[0]!.findJobs<RetentionJob>(RETENTION_QUEUE)).filter((job) => job.data.task === 'expired');

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await t.database.db.insert(partnerRequestSignatures).values(Array.from({ length: 12 }, (_, i) => ({ signature: `old-${i}`, expiresAt: new Date(Date.now() - 60_000) })));
    for (let i = 0; i < 3; i++) bosses.push(await startJobQueue({ ...t.database.jobQueue, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 }, log));
  });

  afterAll(async () => {
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false })));
    await t?.close();
  });

  it('sends each due run once, and one instance runs it', async () => {
    const first = await minute();
    // As each instance does at start: the same entries, each instance a worker.
    for (const boss of bosses) await registerRetentionJobs(boss, t.database.db, log, { batchSize: 5, schedules: { expired: '* * * * *', history: '0 0 1 1 *' } });
    const schedules = await bosses[1]!.getSchedules(RETENTION_QUEUE);
    expect(schedules.map((s) => s.key).sort()).toEqual(['expired', 'history']);

    await vi.waitFor(async () => expect((await expiredJobs()).length).toBeGreaterThan(0), { timeout: 20_000, interval: 250 });
    // Several more passes of every instance (one a second each) find the same run due.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const last = await minute();
    const jobs = await expiredJobs();
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.length).toBeLessThanOrEqual(last - first + 1);

    // A worker ran it (polling every few seconds): the old signatures went, in batches of five.
    await vi.waitFor(async () => expect((await t.database.db.select({ n: count() }).from(partnerRequestSignatures))[0]!.n).toBe(0), { timeout: 20_000, interval: 250 });
    await vi.waitFor(async () => expect((await expiredJobs()).every((job) => job.state === 'completed')).toBe(true), { timeout: 20_000, interval: 250 });
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);
  });
});
