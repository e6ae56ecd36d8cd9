import { describe, expect, it } from 'vitest';
import { bratislavaWallClock } from './wall-clock.ts';

const wall = (iso: string) => bratislavaWallClock(Date.parse(iso)).toISOString();

describe('bratislavaWallClock', () => {
  it('adds one hour in winter and two in summer', () => {
    expect(wall('2025-01-15T09:30:15.250Z')).toBe('2025-01-15T10:30:15.250Z');
    expect(wall('2025-07-15T09:30:15.250Z')).toBe('2025-07-15T11:30:15.250Z');
  });

  it('moves a late evening in UTC to the next day', () => {
    expect(wall('2025-09-14T22:30:00.000Z')).toBe('2025-09-15T00:30:00.000Z');
  });

  it('follows the clock changes to the millisecond (they happen at 01:00 UTC)', () => {
    // 30 March 2025: 02:00 CET became 03:00 CEST.
    expect(wall('2025-03-30T00:59:59.999Z')).toBe('2025-03-30T01:59:59.999Z');
    expect(wall('2025-03-30T01:00:00.000Z')).toBe('2025-03-30T03:00:00.000Z');
    // 26 October 2025: 03:00 CEST became 02:00 CET.
    expect(wall('2025-10-26T00:59:59.999Z')).toBe('2025-10-26T02:59:59.999Z');
    expect(wall('2025-10-26T01:00:00.000Z')).toBe('2025-10-26T02:00:00.000Z');
  });
});
