// Telling a transient conflict between concurrent transactions from other database failures:
// PostgreSQL aborts one of two transactions that wait for each other (40P01, deadlock_detected)
// or that cannot both be serialized (40001). Nothing is wrong with the request: sent again, it
// succeeds. Drizzle may wrap the driver's error as its cause.
const TRANSIENT_CONFLICT = new Set(['40P01', '40001']);

/** True when `error` (or an error it wraps) is a deadlock or serialization failure. */
export function isTransientConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && TRANSIENT_CONFLICT.has(code)) return true;
    current = cause;
  }
  return false;
}
