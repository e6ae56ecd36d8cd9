// The database's own error inside what a query threw: PostgreSQL (pg) and PGlite both report a
// SQLSTATE `code` (and the constraint's name for key violations); Drizzle may wrap the driver's
// error as its cause.

export interface DatabaseError {
  code: string;
  constraint?: string | undefined;
}

interface ErrorLink {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** `error` and the errors it wraps (`cause`), a few deep. */
export function* errorChain(error: unknown): Generator<ErrorLink> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const link = current as ErrorLink;
    yield link;
    current = link.cause;
  }
}

/** The first error in `error`'s cause chain that carries a SQLSTATE, or undefined. */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (const { code, constraint } of errorChain(error)) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return undefined;
}
