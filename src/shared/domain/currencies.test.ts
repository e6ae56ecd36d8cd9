import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries.ts';
import { amountDecimals, amountInputStep, amountStep, codCurrency, hasAmountStep, hasAtMostTwoDecimals, isAmountAllowed, STEPPED_CURRENCIES } from './currencies.ts';

describe('codCurrency', () => {
  it('collects in the destination country’s currency', () => {
    expect(codCurrency('SK')).toBe('EUR');
    expect(codCurrency('CZ')).toBe('CZK');
    expect(codCurrency('hu')).toBe('HUF');
    expect(codCurrency('PL')).toBe('PLN');
    expect(codCurrency('BG')).toBe('EUR');
    expect(codCurrency('CH')).toBe('CHF');
    expect(codCurrency('LI')).toBe('CHF');
    expect(codCurrency('GB')).toBe('GBP');
  });

  it('names a three-letter code that Intl knows for every destination country', () => {
    for (const country of COUNTRY_CODES) {
      const currency = codCurrency(country);
      expect(currency, country).toMatch(/^[A-Z]{3}$/);
      expect(() => new Intl.NumberFormat('en', { style: 'currency', currency }).format(1), country).not.toThrow();
    }
  });
});

describe('amount rules', () => {
  it('takes cents in EUR, PLN, RON and GBP', () => {
    for (const currency of ['EUR', 'PLN', 'RON', 'GBP']) {
      expect(isAmountAllowed(49.9, currency), currency).toBe(true);
      expect(isAmountAllowed(0.01, currency), currency).toBe(true);
      expect(isAmountAllowed(10.005, currency), currency).toBe(false);
      expect(amountStep(currency), currency).toBe(1);
    }
  });

  it('takes whole crowns in CZK: there are no haléř coins to pay 0.50 with', () => {
    expect(isAmountAllowed(1290, 'CZK')).toBe(true);
    expect(isAmountAllowed(1, 'CZK')).toBe(true);
    expect(isAmountAllowed(1290.5, 'CZK')).toBe(false);
    expect(isAmountAllowed(0.99, 'CZK')).toBe(false);
    expect(amountStep('czk')).toBe(100);
  });

  it('takes multiples of 5 forints in HUF: the smallest coin is 5 Ft', () => {
    expect(isAmountAllowed(1295, 'HUF')).toBe(true);
    expect(isAmountAllowed(5, 'HUF')).toBe(true);
    expect(isAmountAllowed(1293, 'HUF')).toBe(false);
    expect(isAmountAllowed(1295.5, 'HUF')).toBe(false);
    expect(amountStep('HUF')).toBe(500);
  });

  it('takes multiples of 0.05 in CHF and of 0.50 in DKK, with no floating-point surprises', () => {
    expect(isAmountAllowed(19.95, 'CHF')).toBe(true);
    expect(isAmountAllowed(0.05, 'CHF')).toBe(true);
    expect(isAmountAllowed(0.15, 'CHF')).toBe(true);
    expect(isAmountAllowed(19.99, 'CHF')).toBe(false);
    expect(isAmountAllowed(12.5, 'DKK')).toBe(true);
    expect(isAmountAllowed(12.25, 'DKK')).toBe(false);
    expect(isAmountAllowed(0.3, 'UAH')).toBe(true);
    expect(isAmountAllowed(0.35, 'UAH')).toBe(false);
  });

  it('gives a step only to the currencies that need one', () => {
    expect([...STEPPED_CURRENCIES].sort()).toEqual(['ALL', 'BAM', 'CHF', 'CZK', 'DKK', 'HUF', 'ISK', 'MKD', 'NOK', 'RSD', 'SEK', 'UAH', 'XCD']);
    for (const currency of STEPPED_CURRENCIES) expect(hasAmountStep(currency), currency).toBe(true);
    expect(hasAmountStep('EUR')).toBe(false);
  });

  it('tells the decimals to show and the input step', () => {
    expect([amountDecimals('EUR'), amountDecimals('CZK'), amountDecimals('HUF'), amountDecimals('CHF')]).toEqual([2, 0, 0, 2]);
    expect([amountInputStep('EUR'), amountInputStep('CZK'), amountInputStep('HUF'), amountInputStep('CHF'), amountInputStep('DKK')]).toEqual(['0.01', '1', '5', '0.05', '0.5']);
  });

  it('counts two decimals exactly', () => {
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(hasAtMostTwoDecimals(100)).toBe(true);
  });
});
