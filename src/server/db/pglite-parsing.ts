// How the embedded PGlite turns column text into values, for Drizzle and for pg-boss. Drizzle's
// PGlite driver passes parsers of its own with every query (timestamps, dates and intervals kept
// as the text PostgreSQL sends, which Drizzle's columns read), and PGlite merges per-query parsers
// into its defaults — about 320, one per type and array type — by copying the whole map each
// time: ~60 µs a query, a tenth of the CPU of a wizard submission on PGlite. So the instance's
// defaults parse those types as Drizzle asks, and Drizzle's queries go through a view that leaves
// out its parsers (the defaults already are them): no copy. pg-boss, which wants its timestamps as
// Date, gets PGlite's own parsers for those types with each query; its queries are few.
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import type { PGliteLike } from 'pg-boss';
import { dbSpan } from '../observability/tracing.ts';

/** The types Drizzle's PGlite driver reads as text (drizzle-orm/pglite/session.js): timestamp, timestamptz, interval, date, and the arrays numeric[], timestamp[], timestamptz[], interval[], date[]. */
const DRIZZLE_TEXT_TYPES: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const DRIZZLE_TEXT_KEYS = new Set(DRIZZLE_TEXT_TYPES.map(String));

type Parsers = NonNullable<QueryOptions['parsers']>;

const asText = (value: string) => value;

/** Options without parsers that only repeat the instance's defaults (Drizzle's); any other parsers stay. */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const key in options.parsers) if (!DRIZZLE_TEXT_KEYS.has(key)) return options;
  const { parsers: _drizzles, ...rest } = options;
  return rest;
}

export interface PgliteParsing {
  /** The instance as Drizzle gets it. */
  forDrizzle: PGlite;
  /** The instance as pg-boss's adapter gets it. */
  forJobQueue: PGliteLike;
}

/** Sets the instance's defaults to Drizzle's parsing; answers the views Drizzle and pg-boss use. Call once, after the instance is ready. */
export function pgliteParsing(client: PGlite): PgliteParsing {
  const originals: Parsers = {};
  for (const type of DRIZZLE_TEXT_TYPES) {
    const parser = client.parsers[type];
    if (parser) originals[type] = parser;
    client.parsers[type] = asText;
  }
  // Each statement in a span of its own when tracing is on and a request or job is traced (observability/tracing.ts).
  const query = (text: string, params?: unknown[], options?: QueryOptions) => dbSpan(text, () => client.query(text, params, withoutDrizzleParsers(options)));
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) =>
      callback(Object.create(tx, { query: { value: (text: string, params?: unknown[], options?: QueryOptions) => dbSpan(text, () => tx.query(text, params, withoutDrizzleParsers(options))) } }) as Transaction),
    );
  const forDrizzle = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they run on the instance itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const forJobQueue: PGliteLike = {
    query: <T>(text: string, params?: unknown[]) => client.query<T>(text, params, { parsers: originals }),
    exec: (text) => client.exec(text, { parsers: originals }),
    listen: (channel, callback) => client.listen(channel, callback),
  };
  return { forDrizzle, forJobQueue };
}
