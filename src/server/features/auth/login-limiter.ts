// Brute-force protection for sign-in. Failures are counted per (client_id, address), per address,
// and per client_id from everywhere (a slower brake on guessing spread over many addresses); past
// a limit the caller waits (429 with Retry-After). Successes are not counted.
//
// A stranger's failures must not lock the owner out: the tight limit is per pair, so guesses from
// elsewhere never block the owner's own address, and the brake per client_id spares the
// addresses the client signed in from lately. The brake never refuses the right secret outright
// (issue 30, README note 109): while it is on, an address the client did not sign in from lately
// is allowed one failure per window instead of `perClient`, so the guesser's addresses are
// slowed fivefold (and the ones that failed stay refused), while a new depot tablet or phone
// that sends the right secret first still signs in. Every counter, the addresses the client signed in
// from included, is a key with a count and an expiry (rate-limiter-flexible) made by
// `limitCounters`: rows shared by every instance on PostgreSQL, memory on PGlite (issue 20).
import { RateLimiterRes } from 'rate-limiter-flexible';
import { memoryCounters, type LimitCounters } from '#server/db/limit-counters.ts';

export interface LoginLimits {
  /** Failures allowed per client_id from one address within the window. */
  perClient: number;
  /** Failures allowed per client_id from all addresses together (the brake); default 20 × perClient. */
  perClientTotal?: number;
  /** Failures allowed per remote address (whatever the client_id) within the window. */
  perAddress: number;
  windowSeconds: number;
  blockSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perClient: 5, perClientTotal: 100, perAddress: 20, windowSeconds: 15 * 60, blockSeconds: 15 * 60 };

/** How long an address the client signed in from stays exempt from the brake per client_id. */
export const KNOWN_ADDRESS_SECONDS = 7 * 24 * 3600;

/** Memory counters (one process) unless the application hands its own (shared on PostgreSQL). */
export function loginLimiter(limits: LoginLimits = DEFAULT_LOGIN_LIMITS, counters: LimitCounters = memoryCounters()) {
  const perClientTotal = limits.perClientTotal ?? limits.perClient * 20;
  const counter = (keyPrefix: string, points: number) => counters.counter({ keyPrefix, points, duration: limits.windowSeconds, blockDuration: limits.blockSeconds });
  const byPair = counter('login_pair', limits.perClient);
  const byAddress = counter('login_ip', limits.perAddress);
  const byClient = counter('login_client', perClientTotal);
  /** `client address` -> 1 while the address is exempt from the brake (a success from there within 7 days). */
  const known = counters.counter({ keyPrefix: 'login_known', points: 1, duration: KNOWN_ADDRESS_SECONDS });

  const clientKey = (clientId: string) => clientId.trim().toLowerCase();
  const pairKey = (clientId: string, address: string) => `${clientKey(clientId)} ${address}`;

  /** Seconds left of a block: a key is blocked once its failures exceed the allowed count. */
  const blockedFor = (res: RateLimiterRes | null, allowed: number) =>
    res && res.consumedPoints > allowed ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;

  return {
    /** Seconds the caller must wait before trying again, 0 when allowed. */
    async retryAfter(clientId: string, address: string): Promise<number> {
      const pairId = pairKey(clientId, address);
      const [pair, byIp, total, knownHere] = await Promise.all([byPair.get(pairId), byAddress.get(address), byClient.get(clientKey(clientId)), known.get(pairId)]);
      // The brake slows an address that failed here already: one failure per window, not perClient.
      const braked = (knownHere?.consumedPoints ?? 0) === 0 && blockedFor(total, perClientTotal) > 0;
      const slowed = braked ? blockedFor(pair, 0) : 0;
      return Math.max(blockedFor(pair, limits.perClient), blockedFor(byIp, limits.perAddress), slowed);
    },
    async fail(clientId: string, address: string): Promise<void> {
      // consume() rejects once the points are gone; the block is what we want then. Any other
      // refusal is the store failing (the database), which must not pass for a counted failure.
      const counted = await Promise.allSettled([byPair.consume(pairKey(clientId, address)), byAddress.consume(address), byClient.consume(clientKey(clientId))]);
      for (const result of counted) if (result.status === 'rejected' && !(result.reason instanceof RateLimiterRes)) throw result.reason;
    },
    /**
     * The owner got in from here: this pair starts again from zero and the address is spared the
     * brake for a while. The brake's own count stays: the owner's success does not reset a
     * stranger's guessing elsewhere.
     */
    async succeed(clientId: string, address: string): Promise<void> {
      const key = pairKey(clientId, address);
      await Promise.all([byPair.delete(key), known.set(key, 1, KNOWN_ADDRESS_SECONDS)]);
    },
  };
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
