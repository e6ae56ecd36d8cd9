// Where the rate-limit counters live (issue 20: several instances on one PostgreSQL). Every
// limit of the portal is a set of rate-limiter-flexible counters (a key, the points used, when
// its window ends) made here:
// - on PostgreSQL they are rows of `rate_limits`, shared by every instance on the database
//   (RateLimiterPostgres: one atomic upsert per consume, one primary-key read per get), so a
//   limit is the cluster's, not each instance's;
// - on PGlite they stay in this process's memory (RateLimiterMemory): exact, because a PGlite
//   folder is held by one process (data-dir-lock.ts), and free of queries on the hot path.
// RateLimiterPostgres takes a node-postgres Client or Pool (or Knex, Sequelize, TypeORM) and calls
// `query({name, text, values})`: PGlite is none of these and takes no such object, and a named
// statement is refused by a transaction-pooling PgBouncer before 1.21 (Debian 12 ships 1.18). So
// the library gets a client of its own kind ('client') that sends the same text and values,
// unnamed, through the application's own connections (the pool on PostgreSQL; PGlite's client
// when tests share counters there). The table belongs to the migrations (tableCreated), and its
// purge is the retention job's (jobs/retention.ts: once per interval for the whole cluster, in
// bounded batches) instead of one timer per counter or per instance.
// RateLimiterDrizzle (same library) was tried first: the same counts at 2-3 times the
// application's CPU per consume (the query builder), on the public lookups' hot path.
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from './client.ts';

export interface CounterOptions {
  /** The counter's name: the key's prefix in the shared table; unique per limit. */
  keyPrefix: string;
  /** Points allowed within `duration`. */
  points: number;
  /** Seconds of the window, counted from a key's first point. */
  duration: number;
  /** Seconds a key stays refused once over `points` (0: until its window ends). */
  blockDuration?: number;
  /**
   * Shared counters only: once a key has used this many points this instance refuses it from
   * memory until its window ends, without asking the database again (a flood of refused requests
   * costs no query). At least `points` + 1, so that nothing allowed is refused.
   */
  inMemoryBlockOnConsumed?: number;
}

export interface LimitCounters {
  /** True when the counters are rows of the database, shared by every instance on it. */
  readonly shared: boolean;
  counter(options: CounterOptions): RateLimiterAbstract;
}

/** Counters in this process's memory (PGlite, unit tests). */
export function memoryCounters(): LimitCounters {
  return {
    shared: false,
    // No database to spare: the in-memory block of shared counters has nothing to do here.
    counter: ({ inMemoryBlockOnConsumed: _unused, ...options }) => new RateLimiterMemory(options),
  };
}

/** What the application's Drizzle handle wraps: a node-postgres pool or a PGlite client; both take (text, values). */
interface QueryClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount?: number | null }>;
}

/** `shared`: rows of `db` (the application's choice on PostgreSQL; tests also on PGlite), else memory. */
export function limitCounters(db: Db, shared: boolean): LimitCounters {
  if (!shared) return memoryCounters();
  const client = (db as unknown as { $client?: QueryClient }).$client;
  if (!client || typeof client.query !== 'function') throw new Error('shared rate limits need the database client behind Drizzle');
  // RateLimiterPostgres with storeType 'client' queries this object as it is: same text and values, no statement name.
  const storeClient = { query: ({ text, values }: { text: string; values?: unknown[] }) => client.query(text, values) };
  return {
    shared: true,
    counter: ({ inMemoryBlockOnConsumed, ...options }) =>
      new RateLimiterPostgres({
        ...options,
        storeClient,
        storeType: 'client',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        ...(inMemoryBlockOnConsumed ? { inMemoryBlockOnConsumed } : {}),
      }),
  };
}
