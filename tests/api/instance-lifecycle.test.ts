// Several instances on one database (issue 20): starting at once on an empty PostgreSQL database
// (one migrates and seeds under the start-up lock, the others wait and find it done; before the
// lock one of three died on "clients_client_id_key"), and stopping gracefully (/readyz answers 503
// while draining; a running import ends after its current chunk and its rest is queued again,
// for another instance to take at once, spending none of the job's retries).
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { openPostgres, queryRows, STARTUP_LOCK_KEY, type Database } from '#server/db/client.ts';
import { appSettings, clients, companies, imports, partners, partnerServices, shipments } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemo } from '#server/db/seed-demo.ts';
import { IMPORT_CHUNK_ROWS, IMPORT_QUEUE, processImport } from '#server/features/imports/import-job.ts';
import { createImport } from '#server/features/imports/imports.service.ts';
import { Readiness } from '#server/plugins/readiness.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A new empty database on the test server; `drop` removes it. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe.runIf(adminUrl)('three instances starting at once on one empty PostgreSQL database', () => {
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    target = await emptyDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await target?.drop();
  });

  it('migrate once, seed the reference and demo data once, and all three serve', async () => {
    for (let i = 0; i < 3; i++) databases.push(openPostgres(target.url, { poolMax: 4 }));
    // As main.ts starts: migrate and seed under the lock, then the app with its job queue (pg-boss
    // installs its own schema and queues, under its own advisory locks).
    const started = await Promise.allSettled(
      databases.map(async (database) => {
        const seeded = await database.migrate((db) => seedDemo(db, { shipments: true }));
        const app = await createApp({ db: database.db, webRoot: null, jobQueue: database.jobQueue, logger: false });
        apps.push(app);
        await app.ready();
        return seeded;
      }),
    );
    expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(started.map((s) => (s as PromiseFulfilledResult<unknown>).value).sort()).toEqual([false, false, true]);

    const db = databases[0]!.db;
    const [migrations] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const [distinct] = await queryRows<{ n: number }>(db, sql`select count(distinct hash)::int as n from drizzle.__drizzle_migrations`);
    expect(migrations!.n).toBe(distinct!.n);
    expect((await db.select({ n: count() }).from(companies))[0]!.n).toBe(3);
    expect((await db.select({ id: clients.clientId }).from(clients)).map((c) => c.id).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.clientId).sort());
    expect((await db.select({ n: count() }).from(partners))[0]!.n).toBe(8);
    const [services] = await queryRows<{ n: number; distinct: number }>(db, sql`select count(*)::int as n, count(distinct (partner_id, country, product, delivery_method))::int as distinct from ${partnerServices}`);
    expect(services!.n).toBe(services!.distinct);
    // The demo parcels of one seed, not of two or three.
    expect((await db.select({ n: count() }).from(shipments))[0]!.n).toBe(5);
    const markers = await db.select({ key: appSettings.key }).from(appSettings);
    expect(markers.map((m) => m.key)).toEqual(expect.arrayContaining(['reference_data_version', 'demo_data_seeded', 'token_signing_key']));

    // Each instance signs in and its token works on the others (one signing key in the database).
    const tokens = await Promise.all(apps.map(async (app) => (await signIn(app, DEMO.user.clientId, DEMO.user.secret)).token));
    for (const [i, app] of apps.entries()) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${tokens[(i + 1) % 3]}` } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('waits for the start-up lock held by another, without the statement timeout', async () => {
    // A fourth instance whose statements may take 200 ms at most, while another holds the lock for longer.
    const holder = new pg.Client({ connectionString: target.url });
    await holder.connect();
    const late = openPostgres(target.url, { poolMax: 2, statementTimeoutMs: 200 });
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1::bigint)', [STARTUP_LOCK_KEY.toString()]);
      let done = false;
      const migrating = late.migrate(async () => 'after the lock').finally(() => {
        done = true;
      });
      await new Promise((r) => setTimeout(r, 1000));
      expect(done).toBe(false);
      await holder.query('commit');
      await expect(migrating).resolves.toBe('after the lock');
      // Its own statements do have the timeout.
      await expect(late.db.execute(sql`select pg_sleep(1)`)).rejects.toThrow();
    } finally {
      await holder.end();
      await late.close();
    }
  });
});

describe('the demo seed started twice at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds once: the other finds the marker and answers false', async () => {
    const outcomes = await Promise.all([seedDemo(t.database.db), seedDemo(t.database.db)]);
    expect(outcomes.sort()).toEqual([false, true]);
    expect((await t.database.db.select({ n: count() }).from(clients))[0]!.n).toBe(3);
  });
});

describe('graceful shutdown', () => {
  let t: TestApp;
  const readiness = new Readiness();
  beforeAll(async () => {
    t = await createTestApp({ jobs: true, readiness });
  });
  afterAll(async () => {
    await t?.close();
  });

  const HEADERS = ['receiver_name', 'receiver_address_line_1', 'receiver_address_number', 'receiver_city', 'receiver_postal_code', 'receiver_country', 'receiver_phone', 'receiver_email', 'content', 'weight', 'width', 'height', 'length', 'reference_number'];
  const csvOf = (rows: number, tag: string) =>
    Papa.unparse([HEADERS, ...Array.from({ length: rows }, (_, i) => [`Ján Novák ${i + 1}`, 'Hlavná', String(i + 1), 'Žilina', '010 01', 'SK', '0905 123 456', 'jan@example.com', 'Semená', '2,5', '30', '20', '40', `${tag}-${i + 1}`])], { delimiter: ';' });

  async function stored(rows: number, tag: string): Promise<string> {
    const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
    return createImport(t.database.db, { clientId: user!.id, companyId: user!.companyId, role: 'USER' }, { type: 'csv', filename: `${tag}.csv`, file: Buffer.from(csvOf(rows, tag)).toString('base64') });
  }

  async function facts(id: string) {
    const [record] = await t.database.db.select().from(imports).where(eq(imports.id, id));
    const [made] = await t.database.db.select({ n: count(), rows: sql<number>`count(distinct ${shipments.importRow})::int` }).from(shipments).where(eq(shipments.importId, id));
    return { status: record!.status, progress: record!.progress, successful: record!.successful, shipments: made!.n, distinctRows: made!.rows };
  }

  it('answers /readyz 200, then 503 in the error shape once draining, while /healthz stays 200', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    readiness.drain();
    const draining = await t.app.inject({ url: '/readyz', headers: { 'accept-language': 'de' } });
    expect(draining.statusCode).toBe(503);
    expect(draining.headers['cache-control']).toBe('no-store');
    expect(draining.json()).toEqual({ error: 'unavailable', message: expect.any(String) });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('ends an import after the chunk it is writing when told to stop, and a later run finishes it exactly', async () => {
    const id = await stored(IMPORT_CHUNK_ROWS * 3, 'STOP');
    const stop = new AbortController();
    const first = await processImport(t.database.db, id, { stop: stop.signal, onChunk: () => stop.abort() });
    expect(first).toBe('stopped');
    expect(await facts(id)).toEqual({ status: 'PROCESSING', progress: IMPORT_CHUNK_ROWS, successful: IMPORT_CHUNK_ROWS, shipments: IMPORT_CHUNK_ROWS, distinctRows: IMPORT_CHUNK_ROWS });
    expect(await processImport(t.database.db, id, { stop: stop.signal, onChunk: () => undefined })).toBe('stopped');
    expect((await facts(id)).progress).toBe(IMPORT_CHUNK_ROWS * 2);
    expect(await processImport(t.database.db, id)).toBeUndefined();
    const total = IMPORT_CHUNK_ROWS * 3;
    expect(await facts(id)).toEqual({ status: 'COMPLETED', progress: total, successful: total, shipments: total, distinctRows: total });
  });

  it('hands a running import back to the queue when the job queue stops: a new job, none of the retries spent, then finished by the next instance', async () => {
    const rows = IMPORT_CHUNK_ROWS * 12;
    const id = await stored(rows, 'HAND');
    const token = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
    expect(token).toBeTruthy();
    // The app's worker takes it once queued; the queue is the app's own (reached through a second handle on the database).
    const { PgBoss } = await import('pg-boss');
    const sender = new PgBoss({ ...t.database.jobQueue, schedule: false, supervise: false });
    sender.on('error', () => undefined);
    await sender.start();
    await sender.send(IMPORT_QUEUE, { importId: id });
    // Close as soon as the first chunk is in: app.close() stops the job queue (app.ts's onClose).
    await expect.poll(async () => (await facts(id)).progress, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(IMPORT_CHUNK_ROWS);
    await t.app.close();
    const handedBack = await facts(id);
    expect(handedBack.status).toBe('PROCESSING');
    expect(handedBack.progress).toBeLessThan(rows);
    expect(handedBack.progress % IMPORT_CHUNK_ROWS).toBe(0);
    const jobs = await sender.findJobs(IMPORT_QUEUE, { data: { importId: id } });
    expect(jobs.map((j) => j.state).sort()).toEqual(['completed', 'created']);
    expect(jobs.every((j) => j.retryCount === 0)).toBe(true);

    // The next instance on the same database takes the new job and finishes the import exactly.
    const next = await createApp({ db: t.database.db, webRoot: null, jobQueue: t.database.jobQueue, logger: false });
    try {
      await expect.poll(async () => (await facts(id)).status, { timeout: 60_000, interval: 100 }).toBe('COMPLETED');
      expect(await facts(id)).toEqual({ status: 'COMPLETED', progress: rows, successful: rows, shipments: rows, distinctRows: rows });
    } finally {
      await next.close();
      await sender.stop({ graceful: false, close: t.database.kind === 'postgres' });
    }
  });
});
