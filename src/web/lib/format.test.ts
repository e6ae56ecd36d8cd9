import { describe, expect, it } from 'vitest';
import { countryName, formatAmount, formatDate, formatDateTime, formatDateTimeIn, formatMoney, formatWeight, localeTag } from './format.ts';

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

describe('formatDateTimeIn', () => {
  it('writes the instant in the named zone, summer and winter time alike', () => {
    expect(formatDateTimeIn('2026-11-24T06:30:00Z', 'Europe/Bratislava')).toBe('24.11.2026 07:30');
    expect(formatDateTimeIn('2026-07-01T22:05:00Z', 'Europe/Bratislava')).toBe('02.07.2026 00:05');
  });

  it('answers an empty text for a value that is not a date', () => {
    expect(formatDateTimeIn('not a date', 'Europe/Bratislava')).toBe('');
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

  it('writes an amount with its currency as Intl does in each language', () => {
    expect(formatAmount(49.9, 'EUR', 'en')).toBe('€49.90');
    expect(plain(formatAmount(49.9, 'EUR', 'sk'))).toBe('49,90 €');
    expect(plain(formatAmount(1234.5, 'EUR', 'de'))).toBe('1.234,50 €');
    expect(plain(formatAmount(3, 'EUR', 'cz'))).toBe('3,00 €');
    expect(plain(formatAmount(19.95, 'CHF', 'de'))).toBe('19,95 CHF');
    expect(plain(formatAmount(10, 'PLN', 'sk'))).toBe('10,00 PLN');
  });

  it('writes whole crowns and forints without decimals, in the language’s own symbol where it has one', () => {
    expect(plain(formatAmount(1290, 'CZK', 'cz'))).toBe('1 290 Kč');
    expect(plain(formatAmount(1290, 'CZK', 'en'))).toBe('CZK 1,290');
    expect(plain(formatAmount(1290, 'CZK', 'sk'))).toBe('1 290 CZK');
    expect(plain(formatAmount(12995, 'HUF', 'de'))).toBe('12.995 HUF');
  });

  it('keeps the cents of a whole-unit amount stored before its rule', () => {
    expect(plain(formatAmount(1290.5, 'CZK', 'cz'))).toBe('1 290,50 Kč');
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
