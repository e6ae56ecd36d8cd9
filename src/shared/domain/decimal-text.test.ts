import { describe, expect, it } from 'vitest';
import { decimalMarkOf, isAmbiguousDecimal, parseDecimal, readDecimal } from './decimal-text.ts';

describe('parseDecimal', () => {
  it('reads a decimal comma or point', () => {
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal('2.5')).toBe(2.5);
    expect(parseDecimal('2,50')).toBe(2.5);
    expect(parseDecimal('2.5000')).toBe(2.5);
    expect(parseDecimal('0,500')).toBe(0.5);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('1234,567')).toBe(1234.567);
    expect(parseDecimal('1290')).toBe(1290);
    expect(parseDecimal('-2,5')).toBe(-2.5);
  });

  it('reads thousands separated by spaces, no-break spaces, apostrophes, points or commas', () => {
    expect(parseDecimal(' 1 234,50 ')).toBe(1234.5);
    expect(parseDecimal('1 234,5')).toBe(1234.5);
    expect(parseDecimal('1 234.500')).toBe(1234.5);
    expect(parseDecimal('1\u00a0290')).toBe(1290);
    expect(parseDecimal('1\u202f290,5')).toBe(1290.5);
    expect(parseDecimal("12'995")).toBe(12995);
    expect(parseDecimal('1.234,50')).toBe(1234.5);
    expect(parseDecimal('1,234.50')).toBe(1234.5);
    expect(parseDecimal('1.234.567')).toBe(1234567);
    expect(parseDecimal('1,234,567.5')).toBe(1234567.5);
  });

  it('refuses a lone mark before three digits, which could be decimal or thousands', () => {
    // Today's weights have three decimals: "2,500" may be 2.5 kg or 2500 kg.
    for (const text of ['2,500', '2.500', '1,234', '999.000', '-2,500']) {
      expect(parseDecimal(text)).toBeNaN();
      expect(isAmbiguousDecimal(text)).toBe(true);
    }
    expect(isAmbiguousDecimal('2,5')).toBe(false);
    expect(isAmbiguousDecimal('abc')).toBe(false);
  });

  it('answers NaN for anything that is not a number', () => {
    for (const text of ['', ' ', '12 Kč', '1,2,3', '12 34', '1.234 567,5', '1.23,5', '1e5', '2,5,', '0.500.000', '1..5', '--1', 'NaN', 'Infinity']) {
      expect(parseDecimal(text), text).toBeNaN();
      expect(isAmbiguousDecimal(text), text).toBe(false);
    }
  });
});

describe('readDecimal with the reader’s decimal mark', () => {
  const read = (text: string, language: string) => readDecimal(text, decimalMarkOf(language));

  it('reads the language’s own mark before three digits as decimal', () => {
    for (const language of ['sk', 'de', 'cz']) {
      expect(read('2,500', language)).toEqual({ value: 2.5 });
      expect(read('2.500', language)).toEqual({ problem: 'ambiguous' });
    }
    expect(read('2.500', 'en')).toEqual({ value: 2.5 });
    expect(read('2,500', 'en')).toEqual({ problem: 'ambiguous' });
  });

  it('reads the other mark wherever it can only be decimal', () => {
    for (const language of ['en', 'sk', 'de', 'cz']) {
      expect(read('2,5', language)).toEqual({ value: 2.5 });
      expect(read('2.5', language)).toEqual({ value: 2.5 });
      expect(read('1 234,5', language)).toEqual({ value: 1234.5 });
      expect(read('1.234,5', language)).toEqual({ value: 1234.5 });
      expect(read('x', language)).toEqual({ problem: 'invalid' });
    }
  });
});
