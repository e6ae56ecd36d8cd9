// pg-boss's cron entries with several instances on one PostgreSQL (issue 20). The partners'
// pickup-point feeds are cron entries keyed by partner (point-feeds.service.ts); every instance
// runs pg-boss's scheduler (job-queue.ts), and a due run must be sent once, not once per instance.
// pg-boss claims each cron pass in the database (one instance per interval) and files every
// occurrence under a singleton slot of its minute. Three queues on three pools of one database,
// with the passes made every second: an entry due every minute gives one job per minute however
// many instances look. On PGlite one process holds the database: nothing to share.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { startJobQueue } from '#server/jobs/job-queue.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

const QUEUE = 'cluster-cron-test';

describe.runIf(!!process.env.TEST_DATABASE_URL)('cron entries with three instances on one PostgreSQL', () => {
  let t: TestApp;
  const bosses: PgBoss[] = [];
  const errors: unknown[] = [];
  const log = { error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger;

  /** The database's minute (what pg-boss's slots are measured in). */
  const minute = async () => (await queryRows<{ m: number }>(t.database.db, sql`select floor(extract(epoch from now()) / 60)::int as m`))[0]!.m;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    for (let i = 0; i < 3; i++) bosses.push(await startJobQueue({ ...t.database.jobQueue, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 }, log));
  });

  afterAll(async () => {
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false })));
    await t?.close();
  });

  it('sends each due run once, whichever instances see it', async () => {
    const first = await minute();
    // Each instance puts the entry in step at start-up, as registerFeedJobs does: one entry per key.
    await bosses[0]!.createQueue(QUEUE);
    for (const boss of bosses) await boss.schedule(QUEUE, '* * * * *', { partnerId: 1 }, { key: '1', tz: 'UTC' });
    expect(await bosses[1]!.getSchedules(QUEUE)).toHaveLength(1);

    await vi.waitFor(async () => expect((await bosses[2]!.findJobs(QUEUE)).length).toBeGreaterThan(0), { timeout: 20_000, interval: 250 });
    // Several more passes of every instance (one a second each) find the same run due.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const last = await minute();
    const jobs = await bosses[0]!.findJobs(QUEUE);
    // One per minute the test saw begin (the run due at the start, and one per minute boundary crossed).
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.length).toBeLessThanOrEqual(last - first + 1);
    expect(errors).toEqual([]);
  });
});
