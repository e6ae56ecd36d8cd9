// Messages that the server sends and the web app shows, as Lingui descriptors with stable ids.
// The `/*i18n*/` mark lets `lingui extract` collect them without a macro, so this file stays
// free of imports: the server translates them with the compiled catalogs, the web with `i18n._`.
// Schema messages in src/shared/contract are these ids; both sides translate them.

export interface MessageDescriptor {
  id: string;
  message: string;
}

export const messages = {
  required: /*i18n*/ { id: 'validation.required', message: 'This field is required' },
  invalidType: /*i18n*/ { id: 'validation.invalid_type', message: 'This value has the wrong type' },
  invalidValue: /*i18n*/ { id: 'validation.invalid_value', message: 'This value is not allowed' },
  tooLong: /*i18n*/ { id: 'validation.too_long', message: 'This value is too long' },
  invalidEmail: /*i18n*/ { id: 'validation.invalid_email', message: 'Enter a valid email address' },
  clientIdRequired: /*i18n*/ { id: 'validation.client_id.required', message: 'Client ID is required' },
  clientSecretRequired: /*i18n*/ { id: 'validation.client_secret.required', message: 'Client secret is required' },

  invalidRequest: /*i18n*/ { id: 'error.invalid_request', message: 'The request is not valid. Check the highlighted fields.' },
  malformedBody: /*i18n*/ { id: 'error.malformed_body', message: 'The request body could not be read.' },
  bodyTooLarge: /*i18n*/ { id: 'error.body_too_large', message: 'The request is too large.' },
  unsupportedMediaType: /*i18n*/ { id: 'error.unsupported_media_type', message: 'This content type is not supported.' },
  invalidClient: /*i18n*/ { id: 'error.invalid_client', message: 'Wrong client ID or secret.' },
  invalidGrant: /*i18n*/ { id: 'error.invalid_grant', message: 'Your session has ended. Please sign in again.' },
  unsupportedGrantType: /*i18n*/ { id: 'error.unsupported_grant_type', message: 'This grant type is not supported.' },
  tooManyAttempts: /*i18n*/ { id: 'error.too_many_attempts', message: 'Too many failed attempts. Try again in {seconds} seconds.' },
  tooManyRequests: /*i18n*/ { id: 'error.too_many_requests', message: 'Too many requests. Try again later.' },
  unauthorized: /*i18n*/ { id: 'error.unauthorized', message: 'Please sign in to continue.' },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'You do not have permission to do this.' },
  notFound: /*i18n*/ { id: 'error.not_found', message: 'Not found.' },
  internal: /*i18n*/ { id: 'error.internal', message: 'Something went wrong on our side. Please try again later.' },
} as const satisfies Record<string, MessageDescriptor>;

export type MessageKey = keyof typeof messages;

const BY_ID = new Map<string, MessageDescriptor>(Object.values(messages).map((m) => [m.id, m]));

/** The descriptor for a message id, if the id is one of ours (schema messages are ids). */
export function findMessage(id: string): MessageDescriptor | undefined {
  return BY_ID.get(id);
}
