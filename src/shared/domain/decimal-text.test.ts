import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal-text.ts';

describe('parseDecimal', () => {
  it('reads a decimal comma or point', () => {
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal('2.5')).toBe(2.5);
    expect(parseDecimal('1290')).toBe(1290);
  });

  it('reads thousands separated by spaces, no-break spaces, apostrophes, points or commas', () => {
    expect(parseDecimal(' 1 234,50 ')).toBe(1234.5);
    expect(parseDecimal('1\u00a0290')).toBe(1290);
    expect(parseDecimal("12'995")).toBe(12995);
    expect(parseDecimal('1.234,50')).toBe(1234.5);
    expect(parseDecimal('1,234.50')).toBe(1234.5);
  });

  it('answers NaN for anything that is not a number', () => {
    expect(parseDecimal('')).toBeNaN();
    expect(parseDecimal('12 Kč')).toBeNaN();
    expect(parseDecimal('1,2,3')).toBeNaN();
  });
});
