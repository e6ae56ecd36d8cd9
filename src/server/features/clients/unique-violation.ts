// Telling a unique-key race from other database failures: SQLSTATE 23505 with the constraint's name.
import { databaseErrorOf } from '#server/db/database-error.ts';

/** True when `error` (or an error it wraps) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const found = databaseErrorOf(error);
  return found?.code === '23505' && (found.constraint === undefined || found.constraint === constraint);
}
