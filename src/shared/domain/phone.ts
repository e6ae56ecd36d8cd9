import { findCountry } from './countries.ts';

/** National trunk prefixes other than a single 0 (dropped before the country prefix). */
const TRUNK_PREFIXES: Record<string, RegExp> = { HU: /^06/, LT: /^8/, BY: /^8/, RU: /^8/ };

/**
 * Phone numbers are stored in international E.164 form (+421905123456). A number written
 * without a prefix takes the destination country's prefix (a leading trunk 0 is dropped);
 * "00" counts as "+". Null when the result is not 8 to 15 digits.
 */
export function normalizePhone(raw: string, country: string): string | null {
  const trimmed = raw.trim();
  if (!/^[+\d(][\d\s().\-/]*$/.test(trimmed)) return null;
  let digits = trimmed.replace(/[^\d+]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith('+')) {
    const prefix = findCountry(country)?.phonePrefix;
    if (!prefix) return null;
    // Italy and San Marino keep their leading 0 in international form.
    const keepZero = country === 'IT' || country === 'SM';
    const trunk = TRUNK_PREFIXES[country] ?? /^0/;
    digits = `${prefix}${keepZero ? digits : digits.replace(trunk, '')}`;
  }
  if (digits.indexOf('+', 1) !== -1) return null;
  const count = digits.length - 1;
  return count >= 8 && count <= 15 ? digits : null;
}
