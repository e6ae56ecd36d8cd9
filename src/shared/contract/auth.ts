import * as z from 'zod/mini';
import { PRODUCTS, ROLES } from '../domain/enums.ts';
import { messages } from '../i18n/messages.ts';
import { endpoint } from './endpoint.ts';

/** Sign-in form and the client_credentials grant share these fields; client_id is trimmed. */
export const credentialsSchema = z.object({
  client_id: z.string().check(z.trim(), z.minLength(1, messages.clientIdRequired.id), z.maxLength(200, messages.tooLong.id)),
  client_secret: z.string().check(z.minLength(1, messages.clientSecretRequired.id), z.maxLength(200, messages.tooLong.id)),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const clientCredentialsGrantSchema = z.extend(credentialsSchema, {
  grant_type: z.literal('client_credentials'),
});

export const refreshTokenGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
});

/** POST /oauth/token body (JSON or form-encoded). */
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [clientCredentialsGrantSchema, refreshTokenGrantSchema]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** Client info: products maps a country code to the product codes the client may send there. */
export const clientInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  products: z.record(z.string(), z.array(z.enum(PRODUCTS))),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  data: clientInfoSchema,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The record kept in localStorage `token` (spec section 3): expiry is an absolute epoch ms. */
export const storedTokenSchema = z.object({
  value: z.string(),
  data: clientInfoSchema,
  expiry: z.number(),
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

// Sign-in and refresh (body JSON or form-encoded; validated in the route for RFC 6749 errors).
export const tokenEndpoint = endpoint({ method: 'POST', path: '/oauth/token', access: 'public', companyData: 'none', body: tokenRequestSchema, answer: tokenResponseSchema });
/** Sign-out: ends the refresh cookie's session family. */
export const revokeEndpoint = endpoint({ method: 'POST', path: '/oauth/revoke', access: 'public', companyData: 'none', answer: 'empty' });
