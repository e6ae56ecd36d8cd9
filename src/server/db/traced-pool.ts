// Spans for the statements of a PostgreSQL pool (observability/tracing.ts's dbSpan): the pool's
// promise-form query and each pooled client's (transactions run on one), whose callback form is
// the pool's own call into a client and is left alone, as are submittables (cursors, streams).
import type pg from 'pg';
import { dbSpan } from '../observability/tracing.ts';

type Query = (...args: unknown[]) => unknown;

function traced(target: { query: Query }): void {
  // The class's query looked up at each call, not bound once: a wrapper of the prototype's method
  // (node-postgres' instrumentation, a test's busy-client check) made after a client opens still applies.
  const proto = Object.getPrototypeOf(target) as { query: Query };
  const original = (...args: unknown[]) => proto.query.apply(target, args);
  target.query = (...args: unknown[]) => {
    const [first] = args;
    if (typeof args.at(-1) === 'function' || typeof (first as { submit?: unknown } | null)?.submit === 'function') return original(...args);
    const text = typeof first === 'string' ? first : ((first as { text?: unknown } | null)?.text ?? '');
    return dbSpan(String(text), () => original(...args) as Promise<unknown>);
  };
}

/** Call once, before the pool's first query; only clients it opens after this are traced. */
export function traceQueries(pool: pg.Pool): void {
  traced(pool as unknown as { query: Query });
  pool.on('connect', (client) => traced(client as unknown as { query: Query }));
}
