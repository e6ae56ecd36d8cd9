import { describe, expect, it } from 'vitest';
import { codCurrency } from './currencies.ts';

describe('codCurrency', () => {
  it('collects in the destination country’s currency', () => {
    expect(codCurrency('SK')).toBe('EUR');
    expect(codCurrency('CZ')).toBe('CZK');
    expect(codCurrency('hu')).toBe('HUF');
    expect(codCurrency('PL')).toBe('PLN');
    expect(codCurrency('BG')).toBe('EUR');
    expect(codCurrency('CH')).toBe('CHF');
  });
});
