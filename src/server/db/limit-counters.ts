// Where the rate-limit counters live (issue 20: several instances on one PostgreSQL). Every
// limit of the portal is a set of rate-limiter-flexible counters (a key, the points used, when
// its window ends) made here:
// - on PostgreSQL they are rows of `rate_limits`, shared by every instance on the database
//   (RateLimiterDrizzle: one atomic upsert per consume, one primary-key read per get), so a
//   limit is the cluster's, not each instance's;
// - on PGlite they stay in this process's memory (RateLimiterMemory): exact, because a PGlite
//   folder is held by one process (data-dir-lock.ts), and free of queries on the hot path.
// RateLimiterPostgres would need a node-postgres Client or Pool (or Knex, Sequelize, TypeORM):
// it calls `query({name, text, values})`, which PGlite does not take, and it names its prepared
// statements, which a transaction-pooling PgBouncer before 1.21 refuses. RateLimiterDrizzle
// (same library, same counters) speaks through the application's own Drizzle handle on either
// database, with unnamed statements, and the table belongs to the migrations.
import { lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from './client.ts';
import { rateLimits } from './schema.ts';

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
  /** Deletes shared counters whose window ended a minute ago or more (nothing in memory). */
  purgeExpired(): Promise<void>;
  /** Stops the purge timer (the app's onClose). */
  stop(): void;
}

/** Expired rows are read as absent anyway; removing them keeps the table the size of the live keys. */
const PURGE_EVERY_MS = 5 * 60_000;

/** Counters in this process's memory (PGlite, unit tests). */
export function memoryCounters(): LimitCounters {
  return {
    shared: false,
    // No database to spare: the in-memory block of shared counters has nothing to do here.
    counter: ({ inMemoryBlockOnConsumed: _unused, ...options }) => new RateLimiterMemory(options),
    purgeExpired: async () => undefined,
    stop: () => undefined,
  };
}

/** `shared`: rows of `db` (the application's choice on PostgreSQL; tests also on PGlite), else memory. */
export function limitCounters(db: Db, shared: boolean): LimitCounters {
  if (!shared) return memoryCounters();
  // A minute of slack: the instances compute `expire` from their own clocks.
  const purgeExpired = async () => {
    await db.delete(rateLimits).where(lt(rateLimits.expire, sql`now() - interval '1 minute'`));
  };
  const timer = setInterval(() => void purgeExpired().catch(() => undefined), PURGE_EVERY_MS);
  timer.unref();
  return {
    shared: true,
    // The purge above replaces the library's own timer (one per counter, which nothing would stop).
    counter: ({ inMemoryBlockOnConsumed, ...options }) =>
      new RateLimiterDrizzle({ ...options, storeClient: db, schema: rateLimits, clearExpiredByTimeout: false, ...(inMemoryBlockOnConsumed ? { inMemoryBlockOnConsumed } : {}) }),
    purgeExpired,
    stop: () => clearInterval(timer),
  };
}
