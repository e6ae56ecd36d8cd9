import { describe, expect, it } from 'vitest';
import { RETRY_BASE_MS, RETRY_MAX_MS, retryDelay } from './backoff.ts';

describe('retryDelay', () => {
  it('doubles from 2 s and stops growing at 5 minutes', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50, 5000].map((n) => retryDelay(n, () => 1));
    expect(ceilings).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000, 300_000, 300_000]);
  });

  it('keeps half of the wait and draws the other half at random', () => {
    expect(retryDelay(1, () => 0)).toBe(RETRY_BASE_MS / 2);
    expect(retryDelay(3, () => 0.5)).toBe(6_000);
    expect(retryDelay(100, () => 0)).toBe(RETRY_MAX_MS / 2);
    for (let i = 0; i < 200; i++) {
      const delay = retryDelay(4);
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(16_000);
    }
  });

  it('treats attempt 0 (or less) as the first and clamps odd random values', () => {
    expect(retryDelay(0, () => 1)).toBe(RETRY_BASE_MS);
    expect(retryDelay(1, () => 7)).toBe(RETRY_BASE_MS);
    expect(retryDelay(1, () => -1)).toBe(RETRY_BASE_MS / 2);
  });
});
