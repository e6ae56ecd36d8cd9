import * as z from 'zod/mini';
import { messages } from '../i18n/messages.ts';
import { endpoint } from './endpoint.ts';

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
});

export const profileSchema = z.object({
  name: requiredText,
  email: z.email(messages.invalidEmail.id),
  phone: z.string().check(z.trim(), z.maxLength(40, messages.tooLong.id)),
  company: profileCompanySchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const profileEndpoint = endpoint({ method: 'GET', path: '/api/v1/profile', access: 'client', answer: profileSchema });
