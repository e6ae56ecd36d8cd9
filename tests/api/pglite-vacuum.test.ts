// PGlite's autovacuum (jobs/pglite-vacuum.ts): single-user PostgreSQL never vacuums on its own, so
// the job does: churned tables lose their dead rows and get statistics, quiet ones are left
// alone, a large table waits for the night. The app registers its cron entries on PGlite only
// (PostgreSQL's autovacuum does this there).
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { runVacuum, VACUUM_QUEUE, type VacuumJob } from '#server/jobs/pglite-vacuum.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

let t: TestApp;

/** Out of the way of the runs this file makes itself. */
const SCHEDULES = { day: '0 0 1 1 *', night: '30 0 1 1 *' };

const stats = async (name: string) =>
  (await queryRows<{ dead: number; vacuumed: boolean; analyzed: boolean }>(
    t.database.db,
    sql`select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where relname = ${name}`,
  ))[0];

describe.runIf(!process.env.TEST_DATABASE_URL)('PGlite maintenance', () => {
  beforeAll(async () => {
    t = await createTestApp({ jobs: true, vacuum: { schedules: SCHEDULES } });
    const db = t.database.db;
    for (const name of ['vacuum_churned', 'vacuum_quiet', 'vacuum_large']) await db.execute(sql.raw(`create table ${name} (id int primary key, note text)`));
    await db.execute(sql`insert into vacuum_churned select g, 'x' from generate_series(1, 2000) g`);
    await db.execute(sql`update vacuum_churned set note = 'y'`);
    await db.execute(sql`delete from vacuum_churned where id > 1000`);
    await db.execute(sql`insert into vacuum_quiet select g, 'x' from generate_series(1, 10) g`);
    await db.execute(sql`insert into vacuum_large select g, 'x' from generate_series(1, 5000) g`);
    await db.execute(sql`delete from vacuum_large where id > 2000`);
    // PostgreSQL publishes a backend's table counters at most once a second, at the end of a statement.
    await vi.waitFor(async () => expect((await stats('vacuum_large'))?.dead).toBe(3000), { timeout: 10_000, interval: 200 });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('vacuums and analyzes the churned tables, leaves the quiet one, keeps a large table for the night', async () => {
    const day = await runVacuum(t.database.db, false, { largeTableRows: 1_000 });
    expect(day.vacuumed).toContain('public.vacuum_churned');
    expect(day.vacuumed).not.toContain('public.vacuum_large');
    expect(day.analyzed).toContain('public.vacuum_large');
    expect(day.left).toBe(0);
    expect(await stats('vacuum_churned')).toEqual({ dead: 0, vacuumed: true, analyzed: true });
    expect(await stats('vacuum_quiet')).toEqual({ dead: 0, vacuumed: false, analyzed: false });
    expect((await stats('vacuum_large'))?.vacuumed).toBe(false);

    const night = await runVacuum(t.database.db, true, { largeTableRows: 1_000 });
    expect(night.vacuumed).toContain('public.vacuum_large');
    expect(night.vacuumed).not.toContain('public.vacuum_churned');
    expect(await stats('vacuum_large')).toMatchObject({ dead: 0, vacuumed: true });
  });

  it('stops at its budget and leaves the rest for the next run', async () => {
    await t.database.db.execute(sql`update vacuum_churned set note = 'z'`);
    await t.database.db.execute(sql`delete from vacuum_large`);
    await vi.waitFor(async () => expect([(await stats('vacuum_churned'))?.dead, (await stats('vacuum_large'))?.dead]).toEqual([1000, 2000]), { timeout: 10_000, interval: 200 });
    const report = await runVacuum(t.database.db, false, { budgetMs: 0 });
    expect(report).toEqual({ vacuumed: [], analyzed: [], left: 2 });
  });

  it('holds a day and a night cron entry in UTC, and its worker runs a job sent to the queue', async () => {
    const db = t.database.db;
    expect(await queryRows(db, sql`select key, cron, timezone from pgboss.schedule where name = ${VACUUM_QUEUE} order by key`)).toEqual([
      { key: 'day', cron: SCHEDULES.day, timezone: 'UTC' },
      { key: 'night', cron: SCHEDULES.night, timezone: 'UTC' },
    ]);
    await db.execute(sql`create table vacuum_queued (id int primary key)`);
    await db.execute(sql`insert into vacuum_queued select g from generate_series(1, 500) g`);
    await db.execute(sql`delete from vacuum_queued`);
    // As the cron pass sends it.
    const other = new PgBoss({ ...t.database.jobQueue, schedule: false, supervise: false });
    other.on('error', () => undefined);
    await other.start();
    try {
      await other.send(VACUUM_QUEUE, { night: false } satisfies VacuumJob);
    } finally {
      await other.stop({ graceful: false, close: false });
    }
    await vi.waitFor(async () => expect(await stats('vacuum_queued')).toEqual({ dead: 0, vacuumed: true, analyzed: true }), { timeout: 20_000, interval: 250 });
  });
});
