// Transactions that change parcels are run again when PostgreSQL aborts them as the loser of a
// deadlock or serialization failure (db/transient-conflict.ts retriedTransaction): the caller
// gets the answer of the attempt that committed, nothing of the aborted ones stays, and only a
// conflict that outlasts the attempts (or any other error) reaches it. The conflicts are raised
// with their real SQLSTATE by the database itself; on PostgreSQL also a real deadlock.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '#server/db/client.ts';
import { retriedTransaction, TRANSACTION_ATTEMPTS } from '#server/db/transient-conflict.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  db = t.database.db;
  await db.execute(sql`create table retry_probe (attempt int not null)`);
});

afterAll(async () => {
  await t?.close();
});

const raise = (tx: Db, sqlstate: string) => tx.execute(sql.raw(`do $$ begin raise exception 'conflict' using errcode = '${sqlstate}'; end $$`));
const probes = async () => (await queryRows<{ attempt: number }>(db, sql`select attempt from retry_probe order by attempt`)).map((row) => row.attempt);
const noWait = () => Promise.resolve();

describe('a transaction aborted by a concurrent one', () => {
  it.each(['40P01', '40001'])('is run again after %s and answers what the committed attempt answers; the aborted attempt wrote nothing', async (sqlstate) => {
    await db.execute(sql`truncate retry_probe`);
    let attempts = 0;
    const answer = await retriedTransaction(
      db,
      async (tx) => {
        attempts += 1;
        await tx.execute(sql`insert into retry_probe values (${attempts})`);
        if (attempts === 1) await raise(tx, sqlstate);
        return `attempt ${attempts}`;
      },
      noWait,
    );
    expect(answer).toBe('attempt 2');
    expect(await probes()).toEqual([2]);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts with the conflict (the API answers 503 then)`, async () => {
    await db.execute(sql`truncate retry_probe`);
    let attempts = 0;
    const waits: number[] = [];
    const run = retriedTransaction(
      db,
      async (tx) => {
        attempts += 1;
        await tx.execute(sql`insert into retry_probe values (${attempts})`);
        await raise(tx, '40P01');
      },
      async (attempt) => void waits.push(attempt),
    );
    await expect(run).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    expect(waits).toEqual([1, 2]);
    expect(await probes()).toEqual([]);
  });

  it('is not run again for any other error, nor inside an outer transaction (only the outermost can be)', async () => {
    // Runs a transaction on `on` that always fails with `sqlstate`; answers how many attempts it got.
    const attemptsUntilThrown = async (on: Db, sqlstate: string) => {
      let attempts = 0;
      const failing = async (tx: Db) => {
        attempts += 1;
        await raise(tx, sqlstate);
      };
      await expect(retriedTransaction(on, failing, noWait)).rejects.toMatchObject({ cause: { code: sqlstate } });
      return attempts;
    };
    expect(await attemptsUntilThrown(db, '23505')).toBe(1);
    expect(await db.transaction((outer) => attemptsUntilThrown(outer, '40P01'))).toBe(1);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('a real deadlock (PostgreSQL)', () => {
  it('two transactions locking two rows in opposite orders both commit: the loser runs again', async () => {
    await db.execute(sql`create table retry_rows (id int primary key, touched int not null default 0)`);
    await db.execute(sql`insert into retry_rows values (1), (2)`);
    // Each holds its first row until both have one, then asks for the other's.
    let holding = 0;
    let release!: () => void;
    const bothHold = new Promise<void>((resolve) => (release = resolve));
    const attempts = [0, 0];
    const move = (index: number, first: number, second: number) =>
      retriedTransaction(db, async (tx) => {
        attempts[index]! += 1;
        await tx.execute(sql`update retry_rows set touched = touched + 1 where id = ${first}`);
        if (attempts[index] === 1 && ++holding === 2) release();
        if (attempts[index] === 1) await bothHold;
        await tx.execute(sql`update retry_rows set touched = touched + 1 where id = ${second}`);
      });
    await Promise.all([move(0, 1, 2), move(1, 2, 1)]);
    expect(attempts.sort()).toEqual([1, 2]);
    expect(await queryRows(db, sql`select id, touched from retry_rows order by id`)).toEqual([
      { id: 1, touched: 2 },
      { id: 2, touched: 2 },
    ]);
  });
});
