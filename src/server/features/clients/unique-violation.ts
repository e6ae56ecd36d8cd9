// Telling a unique-key race from other database failures: PostgreSQL (pg) and PGlite both report
// SQLSTATE 23505 with the constraint's name; Drizzle may wrap the driver's error as its cause.

/** True when `error` (or an error it wraps) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, constraint: name, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return name === undefined || name === constraint;
    current = cause;
  }
  return false;
}
