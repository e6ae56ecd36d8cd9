// The contract's side of the address rules (src/shared/domain/address-rules.ts): checks that put
// a failing postal code or phone on its own field, for any object that holds an address. The
// forms run them through their resolvers and the server through the same schemas.
import * as z from 'zod/mini';
import { addressProblems } from '../domain/address-rules.ts';
import { adminMessages as am } from '../i18n/admin-messages.ts';

export interface AddressKeys<T> {
  /** The key of the address's country (a code of the country list once parsed). */
  country: keyof T & string;
  postalCode: keyof T & string;
  phone?: keyof T & string;
  /** The country to use when `country` is empty (an invoice address without its own country takes the company's). */
  fallbackCountry?: keyof T & string;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Field errors (admin words: "the country's format") on the postal code and phone of the address at `keys`. */
export function addressCheck<T extends object>(keys: AddressKeys<T>) {
  return z.superRefine<T>((value, ctx) => {
    const record = value as Record<string, unknown>;
    const country = asText(record[keys.country]) || (keys.fallbackCountry ? asText(record[keys.fallbackCountry]) : '');
    if (!country) return;
    const problems = addressProblems({ country, postalCode: asText(record[keys.postalCode]), phone: keys.phone ? asText(record[keys.phone]) : null });
    if (problems.includes('postalCode')) ctx.addIssue({ code: 'custom', path: [keys.postalCode], message: am.zipInvalid.id, input: record[keys.postalCode] });
    if (keys.phone && problems.includes('phone')) ctx.addIssue({ code: 'custom', path: [keys.phone], message: am.phoneInvalid.id, input: record[keys.phone] });
  });
}
