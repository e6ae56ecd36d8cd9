import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/messages.ts';
import { moneyMessages } from '../i18n/money-messages.ts';
import { COUNTRY_CODES } from './countries.ts';
import { amountDecimals, amountInputStep, amountRule, codCurrency, hasAmountStep, hasAtMostTwoDecimals, isAmountAllowed } from './currencies.ts';

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
      expect(amountRule(currency).message).toBe(messages.moneyStep);
    }
  });

  it('takes whole crowns in CZK: there are no haléř coins to pay 0.50 with', () => {
    expect(isAmountAllowed(1290, 'CZK')).toBe(true);
    expect(isAmountAllowed(1, 'CZK')).toBe(true);
    expect(isAmountAllowed(1290.5, 'CZK')).toBe(false);
    expect(isAmountAllowed(0.99, 'CZK')).toBe(false);
    expect(amountRule('czk').message).toBe(moneyMessages.czk);
  });

  it('takes multiples of 5 forints in HUF: the smallest coin is 5 Ft', () => {
    expect(isAmountAllowed(1295, 'HUF')).toBe(true);
    expect(isAmountAllowed(5, 'HUF')).toBe(true);
    expect(isAmountAllowed(1293, 'HUF')).toBe(false);
    expect(isAmountAllowed(1295.5, 'HUF')).toBe(false);
    expect(amountRule('HUF').message).toBe(moneyMessages.huf);
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

  it('gives every currency with its own step its own message', () => {
    const stepped = ['CZK', 'HUF', 'CHF', 'DKK', 'SEK', 'NOK', 'ISK', 'RSD', 'MKD', 'ALL', 'BAM', 'UAH', 'XCD'];
    for (const currency of stepped) {
      expect(hasAmountStep(currency), currency).toBe(true);
      expect(amountRule(currency).message.message, currency).toContain(currency);
    }
    expect(new Set(stepped.map((c) => amountRule(c).message.id)).size).toBe(stepped.length);
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
