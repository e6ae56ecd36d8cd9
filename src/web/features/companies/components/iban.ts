import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import * as z from 'zod/mini';
import { bankAccountInputSchema } from '#shared/contract/admin-companies.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';

/** An IBAN in groups of four: "SK31 1200 0000 1987 4263 7541". */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase().replace(/(.{4})/g, '$1 ').trim();
}

/** The contract's IBAN form plus the full check in the browser: country length and check digits (ibantools). */
export const bankAccountFormSchema = z.object({
  ...bankAccountInputSchema.shape,
  iban: bankAccountInputSchema.shape.iban.check(z.refine((v) => isValidIBAN(electronicFormatIBAN(v) ?? ''), am.ibanInvalid.id)),
  swift: bankAccountInputSchema.shape.swift.check(z.refine((v) => isValidBIC(v), am.swiftInvalid.id)),
});
