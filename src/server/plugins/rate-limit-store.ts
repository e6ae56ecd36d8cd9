// @fastify/rate-limit's counters in the database (issue 20), so that a limit set with
// `app.rateLimit()` (public tracking lookups, reports per account) is the cluster's when several
// instances share one PostgreSQL. The plugin keeps everything else as it was (the key, the
// budget, the x-ratelimit-* headers, 429 with Retry-After in the error shape); only where it
// counts moves. Each limit names its counter with `groupId` (which the plugin itself reads only
// from a route's `config.rateLimit`): two limits keyed alike (`client:…`) must not share a count.
// On PGlite the app does not use this store: the plugin's own memory store is exact there.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimitCounters } from '#server/db/limit-counters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this application's rate limits count (app.ts): every limit takes its counters here. */
    limitCounters: LimitCounters;
  }
}

type Incr = FastifyRateLimitStore['incr'];

/** The store of one limit: a shared counter per budget (a limit may give keys different budgets). */
function groupStore(counters: LimitCounters, groupId: string): FastifyRateLimitStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (timeWindow: number, max: number) => {
    const id = `${timeWindow}/${max}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      // Past its budget a key is refused from memory until its window ends: a flood of refused
      // lookups asks the database nothing.
      limiter = counters.counter({ keyPrefix: `rl_${groupId}`, points: max, duration: timeWindow / 1000, inMemoryBlockOnConsumed: max + 1 });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  const incr: Incr = (key, callback, timeWindow, max) => {
    limiterFor(timeWindow, max)
      .consume(key)
      .then(
        (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
        (refused: unknown) => {
          // Refused with the counter's state (over the budget, or blocked in memory, which reports
          // no count): over the budget either way. Anything else is a database fault.
          if (refused instanceof RateLimiterRes) callback(null, { current: Math.max(refused.consumedPoints, max + 1), ttl: refused.msBeforeNext });
          else callback(refused instanceof Error ? refused : new Error(String(refused)));
        },
      );
  };
  return {
    incr,
    child: () => {
      throw new Error('a shared rate-limit store is made per limit');
    },
  };
}

/** The plugin's `store` option: every limit made from it counts in `counters` under its `groupId`. */
export function sharedRateLimitStore(counters: LimitCounters): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr: Incr = (_key, callback) => callback(new Error('a shared rate limit is set per route, with a groupId'));
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { groupId } = options as { groupId?: unknown };
      if (typeof groupId !== 'string' || !/^[a-z][a-z0-9_]*$/.test(groupId)) {
        throw new Error('a rate limit on shared counters needs a groupId (lowercase letters, digits, _) naming its counter');
      }
      return groupStore(counters, groupId);
    }
  };
}
