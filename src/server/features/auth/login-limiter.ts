// Brute-force protection for sign-in. Failures are counted per (client_id, address), per address,
// and per client_id from everywhere (a slower brake on guessing spread over many addresses); past
// a limit the caller waits (429 with Retry-After). Successes are not counted.
//
// A stranger's failures must not lock the owner out: the tight limit is per pair, so guesses from
// elsewhere never block the owner's own address, and the brake per client_id spares the
// addresses the client signed in from lately. Every counter is a key with a count and an expiry
// (rate-limiter-flexible), so the store can move to PostgreSQL (RateLimiterPostgres) unchanged.
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';

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
const MAX_KNOWN_ADDRESSES = 100_000;

export function loginLimiter(limits: LoginLimits = DEFAULT_LOGIN_LIMITS, now: () => number = Date.now) {
  const perClientTotal = limits.perClientTotal ?? limits.perClient * 20;
  const counter = (keyPrefix: string, points: number) => new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds, blockDuration: limits.blockSeconds });
  const byPair = counter('login_pair', limits.perClient);
  const byAddress = counter('login_ip', limits.perAddress);
  const byClient = counter('login_client', perClientTotal);
  /** `client address` -> until when it is exempt from the brake (insertion order: oldest first). */
  const known = new Map<string, number>();

  const clientKey = (clientId: string) => clientId.trim().toLowerCase();
  const pairKey = (clientId: string, address: string) => `${clientKey(clientId)} ${address}`;
  const isKnown = (clientId: string, address: string) => (known.get(pairKey(clientId, address)) ?? 0) > now();

  /** Seconds left of a block: a key is blocked once its failures exceed the allowed count. */
  const blockedFor = (res: RateLimiterRes | null, allowed: number) =>
    res && res.consumedPoints > allowed ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;

  return {
    /** Seconds the caller must wait before trying again, 0 when allowed. */
    async retryAfter(clientId: string, address: string): Promise<number> {
      const [pair, byIp, total] = await Promise.all([byPair.get(pairKey(clientId, address)), byAddress.get(address), byClient.get(clientKey(clientId))]);
      const brake = isKnown(clientId, address) ? 0 : blockedFor(total, perClientTotal);
      return Math.max(blockedFor(pair, limits.perClient), blockedFor(byIp, limits.perAddress), brake);
    },
    async fail(clientId: string, address: string): Promise<void> {
      // consume() rejects once the points are gone; the block is what we want then.
      await Promise.allSettled([byPair.consume(pairKey(clientId, address)), byAddress.consume(address), byClient.consume(clientKey(clientId))]);
    },
    /**
     * The owner got in from here: this pair starts again from zero and the address is spared the
     * brake for a while. The brake's own count stays: the owner's success does not reset a
     * stranger's guessing elsewhere.
     */
    async succeed(clientId: string, address: string): Promise<void> {
      const key = pairKey(clientId, address);
      await byPair.delete(key);
      known.delete(key);
      if (known.size >= MAX_KNOWN_ADDRESSES) known.delete(known.keys().next().value as string);
      known.set(key, now() + KNOWN_ADDRESS_SECONDS * 1000);
    },
  };
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
