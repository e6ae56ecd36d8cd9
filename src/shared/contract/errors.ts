import * as z from 'zod/mini';

/**
 * Every error the API answers (spec section 8): field errors, else message, else `error`.
 * Our server always sends `message`; readers tolerate its absence (proxies, older servers).
 */
export const errorBodySchema = z.object({
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  error: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** RFC 6749 section 5.2 error codes of the token endpoint. */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type'] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];

/** Stable `error` codes of the API besides the OAuth ones. */
export type ApiErrorCode =
  | OAuthError
  | 'validation_failed'
  | 'malformed_body'
  | 'body_too_large'
  | 'unsupported_media_type'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests'
  | 'conflict'
  | 'gone'
  | 'unavailable'
  | 'internal_error';
