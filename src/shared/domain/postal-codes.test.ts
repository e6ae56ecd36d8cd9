import { describe, expect, it } from 'vitest';
import { normalizePostalCode, postalCodeExample } from './postal-codes.ts';

describe('normalizePostalCode', () => {
  describe.each(['SK', 'CZ'])('%s (NNN NN)', (country) => {
    it.each(['81101', '811 01', '811-01', ' 811 01 ', '811  01'])('normalises %j to "811 01"', (raw) => {
      expect(normalizePostalCode(country, raw)).toBe('811 01');
    });

    it.each(['8110', '811011', '81 10', '8110A', 'ABCDE'])('refuses %j', (raw) => {
      expect(normalizePostalCode(country, raw)).toBeNull();
    });
  });

  describe('PL (NN-NNN)', () => {
    it.each(['00950', '00-950', '00 950'])('normalises %j to "00-950"', (raw) => {
      expect(normalizePostalCode('PL', raw)).toBe('00-950');
    });

    it.each(['0095', '009500'])('refuses %j', (raw) => {
      expect(normalizePostalCode('PL', raw)).toBeNull();
    });
  });

  describe('DE (5 digits)', () => {
    it('keeps 5 digits', () => {
      expect(normalizePostalCode('DE', '10115')).toBe('10115');
      expect(normalizePostalCode('DE', ' 80331 ')).toBe('80331');
    });

    it.each(['1011', '101155', '1O115'])('refuses %j', (raw) => {
      expect(normalizePostalCode('DE', raw)).toBeNull();
    });
  });

  describe.each([
    ['AT', '1010'],
    ['HU', '1051'],
    ['CH', '8001'],
  ])('%s (4 digits)', (country, code) => {
    it(`keeps ${code}`, () => {
      expect(normalizePostalCode(country, code)).toBe(code);
    });

    it.each(['101', '10100', '10-1'])('refuses %j', (raw) => {
      expect(normalizePostalCode(country, raw)).toBeNull();
    });
  });

  describe('GB (outward + inward)', () => {
    it.each([
      ['sw1a1aa', 'SW1A 1AA'],
      ['SW1A 1AA', 'SW1A 1AA'],
      ['m1 1ae', 'M1 1AE'],
      ['EC1A1BB', 'EC1A 1BB'],
      ['B33 8TH', 'B33 8TH'],
    ])('normalises %j to %j', (raw, expected) => {
      expect(normalizePostalCode('GB', raw)).toBe(expected);
    });

    it.each(['SW1A', '12345', 'SW1A 1A'])('refuses %j', (raw) => {
      expect(normalizePostalCode('GB', raw)).toBeNull();
    });
  });

  describe('NL (4 digits + 2 letters)', () => {
    it.each(['1012ab', '1012 AB', '1012-ab'])('normalises %j to "1012 AB"', (raw) => {
      expect(normalizePostalCode('NL', raw)).toBe('1012 AB');
    });

    it.each(['1012', '1012ABC', 'AB1012'])('refuses %j', (raw) => {
      expect(normalizePostalCode('NL', raw)).toBeNull();
    });
  });

  describe('a country without a defined format', () => {
    it.each([
      ['IE', 'D02 X285', 'D02 X285'],
      ['MT', 'vlt 1117', 'VLT 1117'],
      ['IS', '101', '101'],
      ['AL', '1001', '1001'],
      ['RS', '11000', '11000'],
    ])('accepts %s %j as %j', (country, raw, expected) => {
      expect(normalizePostalCode(country, raw)).toBe(expected);
    });

    it.each(['1', 'ABCDEFGHIJK', '#1234', '-1234', '12_34'])('refuses %j', (raw) => {
      expect(normalizePostalCode('IE', raw)).toBeNull();
    });
  });

  it.each(['', '   '])('refuses an empty code %j anywhere', (raw) => {
    for (const country of ['SK', 'GB', 'NL', 'IE']) expect(normalizePostalCode(country, raw)).toBeNull();
  });
});

describe('postalCodeExample', () => {
  it('gives examples that normalise to themselves', () => {
    for (const country of ['SK', 'CZ', 'PL', 'DE', 'AT', 'HU', 'CH', 'GB', 'NL']) {
      const example = postalCodeExample(country);
      expect(example, country).not.toBe('');
      expect(normalizePostalCode(country, example), country).toBe(example);
    }
  });

  it('gives an empty example for a country without one', () => {
    expect(postalCodeExample('IE')).toBe('');
  });
});
