// The embedded PGlite's value parsing (db/pglite-parsing.ts): Drizzle's queries read timestamps
// as PostgreSQL's text without handing PGlite a parser map per query (PGlite copies its ~320
// defaults for each such query), pg-boss still gets Date objects, and other parsers still apply.
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite, queryRows, type Database } from '#server/db/client.ts';
import { pgliteParsing } from '#server/db/pglite-parsing.ts';
import { clients } from '#server/db/schema.ts';
import { seedDemo } from '#server/db/seed-demo.ts';

describe('PGlite value parsing', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPglite();
    await database.migrate(seedDemo);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('gives Drizzle timestamps, dates and intervals as the text PostgreSQL sends, outside and inside transactions', async () => {
    const [client] = await database.db.select({ createdAt: clients.createdAt }).from(clients).where(eq(clients.clientId, 'demo-user'));
    // A `mode: 'date'` column: Drizzle makes its Date from that text.
    expect(client?.createdAt).toBeInstanceOf(Date);
    const raw = sql`select timestamptz '2026-11-26 10:00:00.123456+00' as at, date '2026-11-26' as day, interval '90 minutes' as span, 42 as n, true as yes, '{"a":1}'::jsonb as doc`;
    const expected = { at: '2026-11-26 10:00:00.123456+00', day: '2026-11-26', span: '01:30:00', n: 42, yes: true, doc: { a: 1 } };
    expect(await queryRows(database.db, raw)).toEqual([expected]);
    expect(await database.db.transaction((tx) => queryRows(tx, raw))).toEqual([expected]);
  });

  it('hands PGlite no parser map with Drizzle’s queries', async () => {
    const query = vi.spyOn(PGlite.prototype, 'query');
    try {
      await database.db.select({ id: clients.id }).from(clients).limit(1);
      await database.db.transaction((tx) => tx.select({ id: clients.id }).from(clients).limit(1));
      expect(query).toHaveBeenCalled();
      for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
    } finally {
      query.mockRestore();
    }
  });

  it('gives pg-boss Date objects, and keeps parsers other than Drizzle’s', async () => {
    const client = await PGlite.create();
    try {
      const { forDrizzle, forJobQueue } = pgliteParsing(client);
      const [viaQueue] = (await forJobQueue.query<{ at: unknown }>(`select timestamptz '2026-11-26 10:00:00+00' as at`)).rows;
      expect(viaQueue?.at).toEqual(new Date('2026-11-26T10:00:00Z'));
      const [viaExec] = (await forJobQueue.exec(`select timestamptz '2026-11-26 10:00:00+00' as at`))[0]!.rows as Array<{ at: unknown }>;
      expect(viaExec?.at).toEqual(new Date('2026-11-26T10:00:00Z'));
      const own = await forDrizzle.query<{ n: unknown }>('select 1 as n', [], { parsers: { 23: (value: string) => `int ${value}` } });
      expect(own.rows).toEqual([{ n: 'int 1' }]);
    } finally {
      await client.close();
    }
  });
});
