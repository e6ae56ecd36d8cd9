// The one owner of address rules: every address (a shipment's recipient, a pickup address, a
// company's seat and its invoice address) is checked and normalised here, by its country: the
// postal code in the country's format (postal-codes.ts), the phone as E.164 (phone.ts). Callers
// put their own words on the problems (a recipient's "destination country", an admin's "country").
import { normalizePhone } from './phone.ts';
import { normalizePostalCode } from './postal-codes.ts';

export interface AddressParts {
  country: string;
  postalCode: string;
  /** Absent for addresses without a phone (a company's seat, its invoice address). */
  phone?: string | null | undefined;
}

export type AddressField = 'postalCode' | 'phone';

/** The parts that fail the country's rules; empty parts are left to the required-field checks. */
export function addressProblems(address: AddressParts): AddressField[] {
  const problems: AddressField[] = [];
  if (address.postalCode && normalizePostalCode(address.country, address.postalCode) === null) problems.push('postalCode');
  if (address.phone && normalizePhone(address.phone, address.country) === null) problems.push('phone');
  return problems;
}

/** The postal code as stored (e.g. "811 01"); the input itself when it does not normalise. */
export function storedPostalCode(country: string, raw: string): string {
  return normalizePostalCode(country, raw) ?? raw;
}

/** The phone as stored (E.164, "+421905123456"); the input itself when it does not normalise. */
export function storedPhone(country: string, raw: string): string {
  return normalizePhone(raw, country) ?? raw;
}
