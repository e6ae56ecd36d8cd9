// Telling a transient conflict between concurrent transactions from other database failures:
// PostgreSQL aborts one of two transactions that wait for each other (40P01, deadlock_detected)
// or that cannot both be serialized (40001). Nothing is wrong with the request: sent again, it
// succeeds — so the transactions that change parcels are run again here first (retriedTransaction),
// and only a conflict that outlasts the attempts reaches the caller (a 503, plugins/errors.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './client.ts';
import { databaseErrorOf } from './database-error.ts';
import { inTransaction } from './read-together.ts';

const TRANSIENT_CONFLICT = new Set(['40P01', '40001']);

/** True when `error` (or an error it wraps) is a deadlock or serialization failure. */
export function isTransientConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code !== undefined && TRANSIENT_CONFLICT.has(code);
}

/** Attempts in all of a transaction that keeps losing to concurrent ones. */
export const TRANSACTION_ATTEMPTS = 3;

/** Before attempt n + 1: a few milliseconds, random, so that the two losers of one conflict do not meet again in step. */
const backOff = (attempt: number) => sleep(Math.round(Math.random() * 20 * attempt));

/**
 * Runs `work` in a transaction, and again (TRANSACTION_ATTEMPTS in all) when PostgreSQL aborts it
 * for a deadlock or a serialization failure: nothing of it was written, and the transaction it
 * lost to has gone ahead. `work` must do nothing outside the database that cannot be done twice.
 * Called inside a transaction it runs in that one (a savepoint) and is not retried: only the
 * outermost can be. PGlite (one connection) never has either conflict.
 */
export async function retriedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, wait: (attempt: number) => Promise<unknown> = backOff): Promise<T> {
  if (inTransaction(db)) return db.transaction(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
      await wait(attempt);
    }
  }
}
