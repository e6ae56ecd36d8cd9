import { describe, expect, it } from 'vitest';
import { SCAN_MAX_AGE_DAYS } from '#shared/domain/limits.ts';
import { ApiError } from '#server/http-errors.ts';
import { SCAN_CLOCK_AHEAD_MS, scanTime } from './scan-time.ts';

const now = new Date('2025-06-15T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const DAY = 24 * 3600_000;

describe('scanTime', () => {
  it('is null without a scan time (the server time counts)', () => {
    expect(scanTime(undefined, now)).toBeNull();
  });

  it.each([
    ['now', 0],
    ['a clock ahead by the allowance', SCAN_CLOCK_AHEAD_MS],
    ['the oldest allowed', -SCAN_MAX_AGE_DAYS * DAY],
  ])('takes %s', (_, offset) => {
    expect(scanTime(at(offset), now)?.getTime()).toBe(now.getTime() + offset);
  });

  it('keeps the instant of a time with an offset', () => {
    expect(scanTime('2025-06-15T11:30:00+02:00', now)?.toISOString()).toBe('2025-06-15T09:30:00.000Z');
  });

  it.each([
    ['further ahead', SCAN_CLOCK_AHEAD_MS + 1000],
    ['older than the limit', -SCAN_MAX_AGE_DAYS * DAY - 1000],
  ])('refuses a time %s with the field error scanned_at', (_, offset) => {
    try {
      scanTime(at(offset), now);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).statusCode).toBe(400);
      expect((error as ApiError).options.fields).toEqual({ scanned_at: ['scan.scanned_at.invalid'] });
    }
  });
});
