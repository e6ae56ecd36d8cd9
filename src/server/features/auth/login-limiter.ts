// Brute-force protection for sign-in: failures are counted per client_id and per address;
// past the limit the caller waits (429 with Retry-After). Successes are not counted.
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';

export interface LoginLimits {
  /** Failures allowed per client_id within the window. */
  perClient: number;
  /** Failures allowed per remote address within the window. */
  perAddress: number;
  windowSeconds: number;
  blockSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perClient: 5, perAddress: 20, windowSeconds: 15 * 60, blockSeconds: 15 * 60 };

export function loginLimiter(limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const byClient = new RateLimiterMemory({ keyPrefix: 'login_client', points: limits.perClient, duration: limits.windowSeconds, blockDuration: limits.blockSeconds });
  const byAddress = new RateLimiterMemory({ keyPrefix: 'login_ip', points: limits.perAddress, duration: limits.windowSeconds, blockDuration: limits.blockSeconds });
  const clientKey = (clientId: string) => clientId.trim().toLowerCase();

  /** Seconds left of a block: a key is blocked once its failures exceed the allowed count. */
  const blockedFor = (res: RateLimiterRes | null, allowed: number) =>
    res && res.consumedPoints > allowed ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;

  return {
    /** Seconds the caller must wait before trying again, 0 when allowed. */
    async retryAfter(clientId: string, address: string): Promise<number> {
      const [c, a] = await Promise.all([byClient.get(clientKey(clientId)), byAddress.get(address)]);
      return Math.max(blockedFor(c, limits.perClient), blockedFor(a, limits.perAddress));
    },
    async fail(clientId: string, address: string): Promise<void> {
      // consume() rejects once the points are gone; the block is what we want then.
      await Promise.allSettled([byClient.consume(clientKey(clientId)), byAddress.consume(address)]);
    },
    async succeed(clientId: string): Promise<void> {
      await byClient.delete(clientKey(clientId));
    },
  };
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
