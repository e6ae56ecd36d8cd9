// Independent reads a function needs together. On the application's pool (node-postgres) each
// takes a connection of its own and they overlap. A transaction has one connection: node-postgres
// queues a query sent while another runs on the same client, which it deprecates ("Calling
// client.query() when the client is already executing a query", an error from pg 9), so inside a
// transaction they run one after another. PGlite runs one statement at a time either way, so the
// order costs it nothing.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** Whether `db` is a transaction's (a plain boolean: `instanceof` would narrow `db` away from Db). */
export const inTransaction = (db: Db): boolean => db instanceof PgTransaction;

/** Answers what each read answers, in order; at once on a pool, one after another in a transaction. */
export async function readTogether<const T extends readonly unknown[]>(db: Db, reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!inTransaction(db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
