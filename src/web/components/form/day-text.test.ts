import { describe, expect, it } from 'vitest';
import { formatDayText, parseDayText } from './day-text.ts';

describe('typed days', () => {
  it('reads the ways people type a day, in every language of the portal', () => {
    expect(parseDayText('24.11.2026')).toBe('2026-11-24');
    expect(parseDayText(' 4. 1. 2026 ')).toBe('2026-01-04');
    expect(parseDayText('24/11/2026')).toBe('2026-11-24');
    expect(parseDayText('2026-11-24')).toBe('2026-11-24');
    expect(parseDayText('24.11.26')).toBe('2026-11-24');
    expect(parseDayText('')).toBe('');
  });

  it('refuses what is no real day', () => {
    expect(parseDayText('30.02.2026')).toBeNull();
    expect(parseDayText('2026-13-01')).toBeNull();
    expect(parseDayText('tomorrow')).toBeNull();
    expect(parseDayText('11/24/2026')).toBeNull();
  });

  it('writes a day as dd.mm.yyyy', () => {
    expect(formatDayText('2026-01-04')).toBe('04.01.2026');
    expect(formatDayText('')).toBe('');
  });
});
