// The admin contract's own rules: the pickup-day bitmask is 0..31 (Monday 1 … Friday 16), and an
// IBAN form value is read without spaces and in capitals before its format is checked.
import { describe, expect, it } from 'vitest';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { bankAccountInputSchema } from './admin-companies.ts';
import { pickupDaysMaskSchema } from './admin-pickup-addresses.ts';

describe('pickupDaysMaskSchema', () => {
  it('takes every mask of the five weekdays', () => {
    for (let mask = 0; mask <= 31; mask++) expect(pickupDaysMaskSchema.safeParse(mask).success).toBe(true);
  });

  it.each([-1, 32, 64, 1.5, '3', null])('refuses %j with the pickup-days message', (value) => {
    const result = pickupDaysMaskSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(am.pickupDaysInvalid.id);
  });
});

describe('bankAccountInputSchema', () => {
  it('reads an IBAN and a BIC typed with spaces and in small letters', () => {
    const parsed = bankAccountInputSchema.parse({ iban: 'sk31 1200 0000 1987 4263 7541', swift: 'subaskbx' });
    expect(parsed).toEqual({ iban: 'SK3112000000198742637541', swift: 'SUBASKBX', bulkPaymentMode: false });
  });

  it.each([
    ['iban', { iban: '', swift: 'SUBASKBX' }, am.ibanRequired.id],
    ['iban', { iban: '31SK12000000198742637541', swift: 'SUBASKBX' }, am.ibanInvalid.id],
    ['swift', { iban: 'SK3112000000198742637541', swift: 'SUBA' }, am.swiftInvalid.id],
  ])('refuses a bad %s with its message', (field, value, message) => {
    const result = bankAccountInputSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});
