import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it('gives a Slovak number without a prefix the +421 prefix and drops the trunk 0', () => {
    expect(normalizePhone('0905 123 456', 'SK')).toBe('+421905123456');
    expect(normalizePhone('905123456', 'SK')).toBe('+421905123456');
  });

  it('keeps a number that already has a prefix, whatever the destination', () => {
    expect(normalizePhone('+420 602 345 678', 'CZ')).toBe('+420602345678');
    expect(normalizePhone('+420 602 345 678', 'SK')).toBe('+420602345678');
  });

  it('reads 00 as +', () => {
    expect(normalizePhone('00421 905 123 456', 'SK')).toBe('+421905123456');
    expect(normalizePhone('00421905123456', 'DE')).toBe('+421905123456');
  });

  it('gives a German number +49 without the trunk 0', () => {
    expect(normalizePhone('030 1234567', 'DE')).toBe('+49301234567');
  });

  it('accepts brackets, dots, dashes and slashes after the first digit', () => {
    expect(normalizePhone('030 (123) 45-67', 'DE')).toBe('+49301234567');
    expect(normalizePhone('030.123.45.67', 'DE')).toBe('+49301234567');
    expect(normalizePhone('0905/123/456', 'SK')).toBe('+421905123456');
  });

  it('keeps the leading 0 of Italian and San Marino numbers', () => {
    expect(normalizePhone('06 1234 5678', 'IT')).toBe('+390612345678');
    expect(normalizePhone('0549 123456', 'SM')).toBe('+3780549123456');
  });

  it('answers null for letters', () => {
    expect(normalizePhone('0905 ABC 456', 'SK')).toBeNull();
    expect(normalizePhone('phone', 'SK')).toBeNull();
  });

  it('answers null for a number that is too short', () => {
    expect(normalizePhone('123', 'SK')).toBeNull();
    expect(normalizePhone('+4219051', 'SK')).toBeNull();
  });

  it('answers null for a number that is too long', () => {
    expect(normalizePhone('+4219051234567890', 'SK')).toBeNull();
  });

  it('answers null for a + in the middle and for an empty number', () => {
    expect(normalizePhone('0905+123456', 'SK')).toBeNull();
    expect(normalizePhone('', 'SK')).toBeNull();
  });

  it('answers null for a number without a prefix to a country it does not know', () => {
    expect(normalizePhone('0905 123 456', 'XX')).toBeNull();
    expect(normalizePhone('+421 905 123 456', 'XX')).toBe('+421905123456');
  });
});

describe('national trunk prefixes', () => {
  it('drops the Hungarian 06 trunk prefix', () => {
    expect(normalizePhone('06 30 123 4567', 'HU')).toBe('+36301234567');
  });
  it('drops the Lithuanian 8 trunk prefix', () => {
    expect(normalizePhone('8 612 34567', 'LT')).toBe('+37061234567');
  });
  it('accepts an area code in brackets', () => {
    expect(normalizePhone('(030) 1234567', 'DE')).toBe('+49301234567');
  });
});
