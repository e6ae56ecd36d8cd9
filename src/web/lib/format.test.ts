import { describe, expect, it } from 'vitest';
import { countryName, formatDate, formatDateTime, formatMoney, formatWeight, localeTag } from './format.ts';

// Intl separates thousands with (narrow) no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDateTime', () => {
  it('writes dd.MM.yyyy HH:mm with leading zeros', () => {
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7))).toBe('05.01.2025 09:07');
  });

  it('shows an ISO instant in the local time zone', () => {
    const instant = new Date(2025, 11, 31, 23, 59).toISOString();

    expect(formatDateTime(instant)).toBe('31.12.2025 23:59');
  });

  it('answers an empty text for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('writes dd.MM.yyyy', () => {
    expect(formatDate(new Date(2024, 1, 29, 18, 0))).toBe('29.02.2024');
  });
});

describe('numbers in the active language', () => {
  it('maps the portal code cz to the Intl tag cs', () => {
    expect(localeTag('cz')).toBe('cs');
    expect(localeTag('sk')).toBe('sk');
  });

  it('writes money with two decimals', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
    expect(plain(formatMoney(1234.5, 'de'))).toBe('1.234,50');
    expect(plain(formatMoney(1234.5, 'cz'))).toBe('1 234,50');
    expect(plain(formatMoney(3, 'sk'))).toBe('3,00');
  });

  it('writes weights in kg with up to three decimals', () => {
    expect(formatWeight(1.25, 'en')).toBe('1.25 kg');
    expect(plain(formatWeight(0.0015, 'de'))).toBe('0,002 kg');
    expect(plain(formatWeight(2, 'sk'))).toBe('2 kg');
  });
});

describe('countryName', () => {
  it('names a country in the given language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('SK', 'cz')).toBe('Slovensko');
  });

  it('accepts lower-case codes', () => {
    expect(countryName('at', 'en')).toBe('Austria');
  });
});
