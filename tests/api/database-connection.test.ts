// PostgreSQL only: a connection the server ends while it sits idle in the pool (a restart, a
// failover, an operator's pg_terminate_backend) must not end the portal; the next request works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { sql } from 'drizzle-orm';

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection ended by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is dropped from the pool and the next request answers', async () => {
    const { token } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const list = () => t.app.inject({ method: 'GET', url: '/api/v1/shipments', headers: { authorization: `Bearer ${token}` } });
    // Several requests at once, so that the pool holds several connections.
    const answers = await Promise.all(Array.from({ length: 6 }, list));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));

    // End every other connection of this database from the server side while the pool holds them idle.
    const ended = await queryRows<{ ended: boolean }>(
      t.database.db,
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(ended.length).toBeGreaterThan(0);
    // The pool learns of it through each idle client's 'error' event; wait until it has.
    await expect.poll(async () => (await list()).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await list()).statusCode).toBe(200);
  });
});
