// Per-company budgets on writes and heavy reads (issue 29 item 6; the table is
// shared/domain/rate-limits.ts, the route's `limit` in the endpoint table names its budget).
// Counted by company, not by account or address: a company's accounts and machines share one
// budget, and another company's runaway script never spends it. The counters are the
// installation's (db/limit-counters.ts): rows every instance shares on PostgreSQL, memory on PGlite.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { COMPANY_RATE_LIMITS, type CompanyRateLimit, type RateLimitPolicy } from '#shared/domain/rate-limits.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { LimitCounters } from '../db/limit-counters.ts';
import { ApiError } from '../http-errors.ts';
import { announceLimit } from './rate-limit-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-company budgets that route() puts in front of an endpoint with a `limit`. */
    companyLimits: CompanyLimits;
  }
}

export type CompanyRateLimits = Record<CompanyRateLimit, RateLimitPolicy>;

export class CompanyLimits {
  readonly #counters = new Map<CompanyRateLimit, RateLimiterAbstract>();

  constructor(
    private readonly limits: LimitCounters,
    readonly policies: CompanyRateLimits = COMPANY_RATE_LIMITS,
  ) {}

  #counter(name: CompanyRateLimit): RateLimiterAbstract {
    let counter = this.#counters.get(name);
    if (!counter) {
      const { quota, windowSeconds } = this.policies[name];
      // Once over its quota a company is refused from this instance's memory until the window
      // ends: a runaway loop's refused requests ask the database nothing.
      counter = this.limits.counter({ keyPrefix: `company_${name}`, points: quota, duration: windowSeconds, inMemoryBlockOnConsumed: quota + 1 });
      this.#counters.set(name, counter);
    }
    return counter;
  }

  /** Counts one request of the caller's company against `name`: announces what is left, 429 beyond it. */
  async take(name: CompanyRateLimit, companyId: string, reply: FastifyReply): Promise<void> {
    const { quota, windowSeconds } = this.policies[name];
    let state: RateLimiterRes;
    let refused = false;
    try {
      state = await this.#counter(name).consume(companyId);
    } catch (error) {
      // The counter's state when over the quota; anything else is the database's fault.
      if (!(error instanceof RateLimiterRes)) throw error;
      state = error;
      refused = true;
    }
    const resetSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    announceLimit(reply, { name, quota, windowSeconds, remaining: refused ? 0 : state.remainingPoints, resetSeconds });
    if (refused) {
      throw new ApiError(429, 'too_many_requests', serverMessages.companyRateLimited, {
        values: { seconds: resetSeconds },
        headers: { 'retry-after': String(resetSeconds) },
      });
    }
  }

  /** The route hook (after the auth hook, so the caller is known; a refused caller never gets here). */
  hook(name: CompanyRateLimit): onRequestAsyncHookHandler {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.principal) await this.take(name, request.principal.companyId, reply);
    };
  }
}
