// One query at a time on a transaction's connection (issue 20). node-postgres queues a query sent
// while another runs on the same client and warns "Calling client.query() when the client is
// already executing a query" (an error from pg 9); the demo seed printed it on PostgreSQL, as its
// parcels are created in one transaction and the send form's reads ran at once
// (shipment-target.ts, now db/read-together.ts). Every call on a busy client is noted here.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { readTogether } from '#server/db/read-together.ts';
import { seedDemo } from '#server/db/seed-demo.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

describe.runIf(!!process.env.TEST_DATABASE_URL)('queries on a transaction’s connection (PostgreSQL)', () => {
  let t: TestApp;
  const busyCalls: string[] = [];
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // node-postgres' own state: a query running or waiting on this client.
    pg.Client.prototype.query = function (this: pg.Client & { _activeQuery?: unknown; _queryQueue: unknown[] }, ...args: unknown[]) {
      if (this._activeQuery || this._queryQueue.length > 0) busyCalls.push(String((args[0] as { text?: string })?.text ?? args[0]).slice(0, 80));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });

  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t?.close();
  });

  it('notices reads sent at once on a transaction (the check itself)', async () => {
    await t.database.db.transaction(async (tx) => {
      await Promise.all([queryRows(tx, sql`select 1`), queryRows(tx, sql`select 2`)]);
    });
    expect(busyCalls.length).toBeGreaterThan(0);
    busyCalls.length = 0;
  });

  it('reads together: at once on the pool, one after another in a transaction', async () => {
    expect(await readTogether(t.database.db, [() => queryRows<{ n: number }>(t.database.db, sql`select 1 as n`), () => queryRows<{ n: number }>(t.database.db, sql`select 2 as n`)])).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    const inTransaction = await t.database.db.transaction((tx) => readTogether(tx, [() => queryRows<{ n: number }>(tx, sql`select 1 as n`), () => queryRows<{ n: number }>(tx, sql`select 2 as n`)]));
    expect(inTransaction).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(busyCalls).toEqual([]);
  });

  it('seeds the demo data with its parcels without a query on a busy connection', async () => {
    expect(await seedDemo(t.database.db, { shipments: true })).toBe(true);
    expect(busyCalls).toEqual([]);
  });
});
