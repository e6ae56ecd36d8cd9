import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postcodeAttempts } from './postcode-attempts.ts';

describe('postcodeAttempts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // 2 wrong a minute, 3 wrong an hour.
  const limits = [
    { wrong: 2, windowSeconds: 60 },
    { wrong: 3, windowSeconds: 3600 },
  ];

  it('lets the allowed wrong attempts through, then answers the seconds to wait of the quick window', async () => {
    const attempts = postcodeAttempts(limits);
    expect(await attempts.take('CP1')).toBe(0);
    expect(await attempts.take('CP1')).toBe(0);
    expect(await attempts.take('CP1')).toBe(60);
    vi.advanceTimersByTime(20_000);
    expect(await attempts.take('CP1')).toBe(40);
    // Another parcel has its own count.
    expect(await attempts.take('CP2')).toBe(0);
  });

  it('brakes by the slower window once the quick one has passed, and a refused attempt costs nothing there', async () => {
    const attempts = postcodeAttempts(limits);
    expect(await attempts.take('CP1')).toBe(0);
    expect(await attempts.take('CP1')).toBe(0);
    // Refused by the quick window: not counted in the hour.
    for (let i = 0; i < 5; i++) expect(await attempts.take('CP1')).toBeGreaterThan(0);
    vi.advanceTimersByTime(61_000);
    expect(await attempts.take('CP1')).toBe(0);
    expect(await attempts.take('CP1')).toBe(3600 - 61);
  });

  it('does not count an attempt given back (the postal code was right)', async () => {
    const attempts = postcodeAttempts(limits);
    for (let i = 0; i < 10; i++) {
      expect(await attempts.take('CP1')).toBe(0);
      await attempts.giveBack('CP1');
    }
    expect(await attempts.take('CP1')).toBe(0);
    expect(await attempts.take('CP1')).toBe(0);
    expect(await attempts.take('CP1')).toBeGreaterThan(0);
  });
});
