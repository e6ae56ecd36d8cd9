import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postcodeAttempts, type PostcodeLimits } from './postcode-attempts.ts';

describe('postcodeAttempts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Per parcel and caller 2 wrong a minute, 3 wrong an hour; ceilings out of the way.
  const limits: PostcodeLimits = {
    perCaller: [
      { wrong: 2, windowSeconds: 60 },
      { wrong: 3, windowSeconds: 3600 },
    ],
    perCallerAllParcels: [{ wrong: 1000, windowSeconds: 86400 }],
    perParcel: [{ wrong: 1000, windowSeconds: 86400 }],
  };

  it('lets the allowed wrong attempts through, then answers the seconds to wait of the quick window', async () => {
    const attempts = postcodeAttempts(limits);
    expect(await attempts.take('CP1', 'ip:a')).toBe(0);
    expect(await attempts.take('CP1', 'ip:a')).toBe(0);
    expect(await attempts.take('CP1', 'ip:a')).toBe(60);
    vi.advanceTimersByTime(20_000);
    expect(await attempts.take('CP1', 'ip:a')).toBe(40);
    // Another parcel, and another caller of the same parcel, have their own count.
    expect(await attempts.take('CP2', 'ip:a')).toBe(0);
    expect(await attempts.take('CP1', 'ip:b')).toBe(0);
  });

  it('brakes by the slower window once the quick one has passed, and a refused attempt costs nothing there', async () => {
    const attempts = postcodeAttempts(limits);
    expect(await attempts.take('CP1', 'ip:a')).toBe(0);
    expect(await attempts.take('CP1', 'ip:a')).toBe(0);
    // Refused by the quick window: not counted in the hour.
    for (let i = 0; i < 5; i++) expect(await attempts.take('CP1', 'ip:a')).toBeGreaterThan(0);
    vi.advanceTimersByTime(61_000);
    expect(await attempts.take('CP1', 'ip:a')).toBe(0);
    expect(await attempts.take('CP1', 'ip:a')).toBe(3600 - 61);
  });

  it('does not count an attempt given back (the postal code was right)', async () => {
    const attempts = postcodeAttempts(limits);
    for (let i = 0; i < 10; i++) {
      expect(await attempts.take('CP1', 'ip:a')).toBe(0);
      await attempts.giveBack('CP1', 'ip:a');
    }
    expect(await attempts.take('CP1', 'ip:a')).toBe(0);
    expect(await attempts.take('CP1', 'ip:a')).toBe(0);
    expect(await attempts.take('CP1', 'ip:a')).toBeGreaterThan(0);
  });

  it('bounds guessing spread over many callers by the ceiling per parcel, and one caller over many parcels by its own', async () => {
    const attempts = postcodeAttempts({ ...limits, perCallerAllParcels: [{ wrong: 5, windowSeconds: 86400 }], perParcel: [{ wrong: 6, windowSeconds: 86400 }] });
    // Six callers, one wrong each: the parcel's ceiling is reached, a seventh caller is refused.
    for (let i = 0; i < 6; i++) expect(await attempts.take('CP1', `ip:${i}`)).toBe(0);
    expect(await attempts.take('CP1', 'ip:new')).toBe(86400);
    // A caller refused by its own brake costs the ceiling nothing.
    const other = postcodeAttempts({ ...limits, perCallerAllParcels: [{ wrong: 5, windowSeconds: 86400 }], perParcel: [{ wrong: 3, windowSeconds: 86400 }] });
    for (let i = 0; i < 2; i++) expect(await other.take('CP9', 'ip:crawler')).toBe(0);
    for (let i = 0; i < 5; i++) expect(await other.take('CP9', 'ip:crawler')).toBeGreaterThan(0);
    expect(await other.take('CP9', 'ip:recipient')).toBe(0);
    // One caller across parcels: five wrong, then refused on a parcel it never asked about.
    for (let i = 0; i < 5; i++) expect(await attempts.take(`CP${100 + i}`, 'ip:crawler')).toBe(0);
    expect(await attempts.take('CP200', 'ip:crawler')).toBe(86400);
    expect(await attempts.take('CP200', 'ip:recipient')).toBe(0);
  });
});
