import { describe, expect, it } from 'vitest';
import { isValidS10, makeS10, s10CheckDigit } from './s10.ts';

// Check digits worked out by hand with the S10 weights 8 6 4 2 3 5 9 7:
// check = 11 - (sum mod 11), where 10 becomes 0 and 11 becomes 5.
describe('s10CheckDigit', () => {
  it('gives 5 for 12345678 (RR123456785SK of the domain notes)', () => {
    // 8·1 + 6·2 + 4·3 + 2·4 + 3·5 + 5·6 + 9·7 + 7·8 = 204; 204 mod 11 = 6; 11 - 6 = 5.
    expect(s10CheckDigit('12345678')).toBe(5);
  });

  it('gives 9 for 47312482 (the UPU example AA473124829GB)', () => {
    // 32 + 42 + 12 + 2 + 6 + 20 + 72 + 14 = 200; 200 mod 11 = 2; 11 - 2 = 9.
    expect(s10CheckDigit('47312482')).toBe(9);
  });

  it('gives 6 for 98765432', () => {
    // 72 + 48 + 28 + 12 + 15 + 20 + 27 + 14 = 236; 236 mod 11 = 5; 11 - 5 = 6.
    expect(s10CheckDigit('98765432')).toBe(6);
  });

  it('gives 1 for 00000003 (sum 21, remainder 10)', () => {
    expect(s10CheckDigit('00000003')).toBe(1);
  });

  it('gives 0 when 11 - remainder is 10 (00000008: sum 56, remainder 1)', () => {
    expect(s10CheckDigit('00000008')).toBe(0);
  });

  it('gives 5 when 11 - remainder is 11 (11111111: sum 44, remainder 0)', () => {
    expect(s10CheckDigit('11111111')).toBe(5);
  });

  it('gives 5 for the all-zero serial (sum 0)', () => {
    expect(s10CheckDigit('00000000')).toBe(5);
  });

  it.each(['1234567', '123456789', '1234567a', '', ' 12345678'])('refuses the serial %j', (serial) => {
    expect(() => s10CheckDigit(serial)).toThrow();
  });
});

describe('makeS10', () => {
  it('builds service letters, serial, check digit and country', () => {
    expect(makeS10('RR', 12345678, 'SK')).toBe('RR123456785SK');
    expect(makeS10('AA', 47312482, 'GB')).toBe('AA473124829GB');
  });

  it('pads short serials to 8 digits', () => {
    expect(makeS10('LX', 8, 'SK')).toBe('LX000000080SK');
    expect(makeS10('CP', 0, 'SK')).toBe('CP000000005SK');
    expect(makeS10('CP', 3, 'SK')).toBe('CP000000031SK');
  });

  it('wraps serials at 10^8', () => {
    expect(makeS10('CP', 100_000_000, 'SK')).toBe('CP000000005SK');
    expect(makeS10('CP', 100_000_000 + 12_345_678, 'SK')).toBe('CP123456785SK');
    expect(makeS10('CP', 99_999_999, 'SK')).toMatch(/^CP99999999\dSK$/);
  });

  it('answers numbers that isValidS10 accepts', () => {
    for (const serial of [1, 42, 10_000_001, 55_555_555, 99_999_999]) {
      expect(isValidS10(makeS10('UA', serial, 'SK'))).toBe(true);
    }
  });

  it.each([
    ['rr', 'SK'],
    ['R', 'SK'],
    ['RR1', 'SK'],
    ['RR', 'sk'],
    ['RR', 'SVK'],
  ])('refuses service %j and country %j', (service, country) => {
    expect(() => makeS10(service, 1, country)).toThrow();
  });
});

describe('isValidS10', () => {
  it.each(['RR123456785SK', 'AA473124829GB', 'LX000000080SK', 'CR111111115SK'])('accepts %s', (value) => {
    expect(isValidS10(value)).toBe(true);
  });

  it('accepts lower case and surrounding spaces', () => {
    expect(isValidS10(' rr123456785sk ')).toBe(true);
  });

  it.each(['RR123456784SK', 'RR123456786SK', 'AA473124820GB', 'LX000000085SK'])('rejects %s with a wrong check digit', (value) => {
    expect(isValidS10(value)).toBe(false);
  });

  it.each([
    ['too few digits', 'RR12345675SK'],
    ['too many digits', 'RR1234567855SK'],
    ['one service letter', 'R123456785SK'],
    ['digits for the service', '12123456785SK'],
    ['no country', 'RR123456785'],
    ['a three-letter country', 'RR123456785SVK'],
    ['spaces inside', 'RR 12345678 5 SK'],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(isValidS10(value)).toBe(false);
  });
});
