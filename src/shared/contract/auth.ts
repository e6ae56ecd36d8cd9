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

/** POST /oauth/token body (JSON or form-encoded), with the client's credentials in it. */
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [clientCredentialsGrantSchema, refreshTokenGrantSchema]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/**
 * How a client authenticates at the token endpoint (RFC 6749 section 2.3.1, with the names of
 * RFC 8414's `token_endpoint_auth_methods_supported`): HTTP Basic with the form-urlencoded
 * client_id and secret, or both in the body. One of them per request.
 */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/**
 * The body as sent: with `client_secret_basic` the credentials are in the Authorization header, so
 * the body holds only the grant. The server checks the request as `tokenRequestSchema` once the
 * header's credentials are in it.
 */
export const tokenRequestBodySchema = z.discriminatedUnion('grant_type', [z.extend(z.partial(credentialsSchema), { grant_type: z.literal('client_credentials') }), refreshTokenGrantSchema]);

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

// Sign-in and refresh (body JSON or form-encoded, client credentials there or in HTTP Basic;
// validated in the route for RFC 6749 errors).
export const tokenEndpoint = endpoint({ method: 'POST', path: '/oauth/token', access: 'public', companyData: 'none', body: tokenRequestBodySchema, answer: tokenResponseSchema });
/**
 * POST /oauth/revoke body (optional; JSON or form-encoded, RFC 7009's names): `token`, an access
 * token of this server, ends the session it names, even past its expiry; the refresh cookie, when
 * sent, ends its own session as before. A sign-out that got no answer is sent again later with
 * the token alone (the browser's cookie may by then be another sign-in's). `token_type_hint` is
 * accepted and ignored.
 */
export const revokeRequestSchema = z.object({
  token: z.optional(z.string().check(z.minLength(1, messages.required.id), z.maxLength(4096, messages.tooLong.id))),
  token_type_hint: z.optional(z.string().check(z.maxLength(100, messages.tooLong.id))),
});
export type RevokeRequest = z.infer<typeof revokeRequestSchema>;

/** Sign-out: ends the refresh cookie's session family, and the one the body's access token names (validated in the route). */
export const revokeEndpoint = endpoint({ method: 'POST', path: '/oauth/revoke', access: 'public', companyData: 'none', body: revokeRequestSchema, answer: 'empty' });
