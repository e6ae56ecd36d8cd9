import * as z from 'zod/mini';
import { accountMessages as acm } from '../i18n/account-messages.ts';
import { messages } from '../i18n/messages.ts';
import { endpoint } from './endpoint.ts';
import { labelPrinterSchema } from './pickup-addresses.ts';

const requiredText = z.string().check(z.trim(), z.minLength(1, messages.required.id), z.maxLength(200, messages.tooLong.id));

/** GET/POST /api/v1/profile (spec section 3 "Profile"); company fields are read-only for clients. */
export const profileCompanySchema = z.object({
  name: requiredText,
  street: requiredText,
  city: requiredText,
  zip: requiredText,
  country: z.string().check(z.length(2, messages.required.id)),
  company_identification_number: requiredText,
  tax_identification_number: requiredText,
  vat_identification_number: z.string(),
  /** Not in the spec (issue 33): the printer the company's labels print on, set by the carrier; null: the office printer. */
  label_printer: labelPrinterSchema,
});

export const profileSchema = z.object({
  name: requiredText,
  email: z.email(messages.invalidEmail.id),
  phone: z.string().check(z.trim(), z.maxLength(40, messages.tooLong.id)),
  company: profileCompanySchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const profileEndpoint = endpoint({ method: 'GET', path: '/api/v1/profile', access: 'client', companyData: 'caller', answer: profileSchema });

/** POST /api/v1/profile: the caller's own name, email and phone; company fields are not the caller's to change (ignored). */
export const profileUpdateSchema = z.object({
  name: requiredText,
  email: z.email(messages.invalidEmail.id),
  phone: z.string().check(z.trim(), z.maxLength(40, messages.tooLong.id)),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileUpdateEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/profile',
  access: 'client',
  companyData: 'caller',
  body: profileUpdateSchema,
  answer: profileSchema,
});

/** A new password: at least this long (account.password.too_short says 10; the server also refuses common and guessable ones). */
export const SECRET_MIN_LENGTH = 10;
export const SECRET_MAX_LENGTH = 200;

const secretField = z.string({ error: acm.passwordRequired.id }).check(z.minLength(1, acm.passwordRequired.id), z.maxLength(SECRET_MAX_LENGTH, messages.tooLong.id));

/** POST /api/v1/users/change-secret (spec: oldSecret, newSecret); newSecretConfirm is the form's, checked when sent. */
export const changeSecretSchema = z
  .object({
    oldSecret: secretField,
    newSecret: secretField.check(z.minLength(SECRET_MIN_LENGTH, acm.passwordTooShort.id)),
    newSecretConfirm: z.optional(z.string()),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.newSecretConfirm !== undefined && value.newSecretConfirm !== value.newSecret) {
        ctx.addIssue({ code: 'custom', path: ['newSecretConfirm'], message: acm.passwordsDontMatch.id, input: value });
      }
    }),
  );
export type ChangeSecret = z.infer<typeof changeSecretSchema>;

export const changeSecretEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/users/change-secret',
  access: 'client',
  companyData: 'caller',
  body: changeSecretSchema,
  answer: z.object({ message: z.string() }),
});
