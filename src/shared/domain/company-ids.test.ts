// Company identifiers by country. Every valid example's check digit was computed with the rule
// itself (weights 8..2, mod 11) and by hand for the first ones, not guessed:
// 4527464_: 4·8+5·7+2·6+7·5+4·4+6·3+4·2 = 156, 156 mod 11 = 2, (11-2) mod 10 = 9 -> 45274649.
// 1234567_: 1·8+2·7+3·6+4·5+5·4+6·3+7·2 = 112, 112 mod 11 = 2 -> 9: 12345679 (12345678 fails).
// 0000001_: 1·2 = 2 -> 9: 00000019; remainder 0 -> 1 (0000000_ sum 0 -> 00000001), remainder 1 -> 0.
import { describe, expect, it } from 'vitest';
import { companyIdKey, companyIdProblem, icoCheckDigit, normalizeCompanyIds, taxIdProblem, vatIdProblem } from './company-ids.ts';

describe('IČO (SK and CZ): 8 digits, mod-11 check digit', () => {
  it('computes the check digit, remainders 0 and 1 included', () => {
    expect(icoCheckDigit('4527464')).toBe(9);
    expect(icoCheckDigit('1234567')).toBe(9);
    expect(icoCheckDigit('0000001')).toBe(9);
    expect(icoCheckDigit('0000000')).toBe(1); // sum 0: remainder 0 gives 1
    // 0000006: 6·2 = 12, remainder 1 gives 0
    expect(icoCheckDigit('0000006')).toBe(0);
  });

  it.each(['45274649', '12345679', '00000019', '00000001', '00000060', '12 345 679'])('takes %s in SK and CZ', (ico) => {
    expect(companyIdProblem('SK', ico)).toBeNull();
    expect(companyIdProblem('CZ', ico)).toBeNull();
  });

  it('refuses a wrong check digit (one digit off, two digits swapped)', () => {
    expect(companyIdProblem('SK', '12345678')).toBe('check');
    expect(companyIdProblem('SK', '45274648')).toBe('check');
    expect(companyIdProblem('CZ', '45724649')).toBe('check');
  });

  it.each(['abc', '1234567', '123456789', '1234567a', 'SK12345679'])('refuses %j as not 8 digits', (ico) => {
    expect(companyIdProblem('SK', ico)).toBe('format');
    expect(companyIdProblem('CZ', ico)).toBe('format');
  });

  it('checks only a sane format elsewhere', () => {
    expect(companyIdProblem('AT', 'FN 123456a')).toBeNull();
    expect(companyIdProblem('HU', '01-09-123456')).toBeNull();
    expect(companyIdProblem('DE', 'HRB 12345')).toBeNull();
    expect(companyIdProblem('DE', 'abc')).toBe('format');
    expect(companyIdProblem('PL', '-')).toBe('format');
    expect(companyIdProblem('PL', '12<script>')).toBe('format');
  });
});

describe('DIČ', () => {
  it('takes a Slovak DIČ of 10 digits divisible by 11', () => {
    // 2021234567 = 11 · 183748597; 2120123456 = 11 · 192738496
    expect(taxIdProblem('SK', '2021234567')).toBeNull();
    expect(taxIdProblem('SK', '2120123456')).toBeNull();
    expect(taxIdProblem('SK', '2021 234 567')).toBeNull();
  });

  it('refuses a Slovak DIČ that is not divisible by 11, or not 10 digits', () => {
    expect(taxIdProblem('SK', '2021234568')).toBe('check');
    expect(taxIdProblem('SK', '2023456789')).toBe('check'); // remainder 2
    expect(taxIdProblem('SK', '202123456')).toBe('format');
    expect(taxIdProblem('SK', '0021234567')).toBe('format');
    expect(taxIdProblem('SK', 'SK2021234567')).toBe('format');
  });

  it('takes a Czech DIČ: CZ and an IČO, or CZ and a birth number', () => {
    expect(taxIdProblem('CZ', 'CZ45274649')).toBeNull();
    expect(taxIdProblem('CZ', 'cz 45274649')).toBeNull();
    // 7103192745 = 11 · 645744795 (a 10-digit birth number)
    expect(taxIdProblem('CZ', 'CZ7103192745')).toBeNull();
    expect(taxIdProblem('CZ', 'CZ991231123')).toBeNull(); // 9 digits: before 1954, no check digit
  });

  it('refuses a Czech DIČ without CZ, with a wrong check digit, or of the wrong length', () => {
    expect(taxIdProblem('CZ', '45274649')).toBe('format');
    expect(taxIdProblem('CZ', 'CZ45274648')).toBe('check');
    expect(taxIdProblem('CZ', 'CZ7103192746')).toBe('check');
    expect(taxIdProblem('CZ', 'CZ1234567')).toBe('format');
    expect(taxIdProblem('CZ', 'CZ12345678901')).toBe('format');
  });

  it('checks only a sane format elsewhere', () => {
    expect(taxIdProblem('DE', '12/345/67890')).toBeNull();
    expect(taxIdProblem('DE', 'abc')).toBe('format');
  });
});

describe('IČ DPH (VAT ID)', () => {
  it('takes a Slovak VAT ID: SK, 10 digits divisible by 11, third digit 2, 3, 4, 6, 7, 8 or 9', () => {
    expect(vatIdProblem('SK', 'SK2021234567')).toBeNull();
    expect(vatIdProblem('SK', 'sk 2021 234 567')).toBeNull();
  });

  it('refuses a Slovak VAT ID without SK, failing its check or its third digit', () => {
    expect(vatIdProblem('SK', '2021234567')).toBe('format');
    expect(vatIdProblem('SK', 'CZ2021234567')).toBe('format');
    expect(vatIdProblem('SK', 'SK2021234568')).toBe('check');
    // 2051234567 has 5 as its third digit (no such Slovak VAT number)
    expect(vatIdProblem('SK', 'SK2051234567')).toBe('format');
  });

  it('checks a Czech VAT ID as its DIČ', () => {
    expect(vatIdProblem('CZ', 'CZ45274649')).toBeNull();
    expect(vatIdProblem('CZ', 'CZ45274648')).toBe('check');
  });

  it('checks the EU format of the company country, with its own prefix', () => {
    expect(vatIdProblem('DE', 'DE123456789')).toBeNull();
    expect(vatIdProblem('DE', 'DE12345678')).toBe('format');
    expect(vatIdProblem('AT', 'ATU12345678')).toBeNull();
    expect(vatIdProblem('AT', 'AT12345678')).toBe('format');
    expect(vatIdProblem('HU', 'HU12345678')).toBeNull();
    expect(vatIdProblem('PL', 'PL1234567890')).toBeNull();
    expect(vatIdProblem('PL', 'DE123456789')).toBe('format');
    expect(vatIdProblem('GR', 'EL123456789')).toBeNull();
    expect(vatIdProblem('GR', 'GR123456789')).toBe('format');
    expect(vatIdProblem('NL', 'NL123456789B01')).toBeNull();
    expect(vatIdProblem('GB', 'XI123456789')).toBeNull();
  });

  it('checks a two-letter prefix and digits where no format is known', () => {
    expect(vatIdProblem('RS', 'RS123456789')).toBeNull();
    expect(vatIdProblem('RS', 'abc')).toBe('format');
  });
});

describe('normalizeCompanyIds and companyIdKey', () => {
  it('stores SK and CZ numbers without spaces and VAT IDs compact in capitals', () => {
    expect(
      normalizeCompanyIds({ country: 'SK', companyIdentificationNumber: ' 12 345 679 ', taxIdentificationNumber: '2021 234 567', vatIdentificationNumber: 'sk 2021234567' }),
    ).toEqual({
      country: 'SK',
      companyIdentificationNumber: '12345679',
      taxIdentificationNumber: '2021234567',
      vatIdentificationNumber: 'SK2021234567',
    });
    expect(normalizeCompanyIds({ country: 'AT', companyIdentificationNumber: ' FN  123456a ', taxIdentificationNumber: '12/345', vatIdentificationNumber: null })).toEqual({
      country: 'AT',
      companyIdentificationNumber: 'FN 123456a',
      taxIdentificationNumber: '12/345',
      vatIdentificationNumber: null,
    });
  });

  it('compares IČOs without separators and case', () => {
    expect(companyIdKey('12 345 679')).toBe(companyIdKey('12345679'));
    expect(companyIdKey('fn 123-456a')).toBe('FN123456A');
  });
});
