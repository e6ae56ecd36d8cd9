// Telling a transient conflict between concurrent transactions from other database failures:
// PostgreSQL aborts one of two transactions that wait for each other (40P01, deadlock_detected)
// or that cannot both be serialized (40001). Nothing is wrong with the request: sent again, it
// succeeds.
import { databaseErrorOf } from './database-error.ts';

const TRANSIENT_CONFLICT = new Set(['40P01', '40001']);

/** True when `error` (or an error it wraps) is a deadlock or serialization failure. */
export function isTransientConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code !== undefined && TRANSIENT_CONFLICT.has(code);
}
