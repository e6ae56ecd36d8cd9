// How long a submission waits before it is sent again after a failure that may heal.

export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;

/**
 * The wait after the `attempts`-th failed send: 2 s · 2^(attempts − 1), capped at 5 minutes,
 * with "equal jitter" (half of it fixed, half random) so that tabs and offices coming back online
 * together do not all knock at the same moment.
 */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}
