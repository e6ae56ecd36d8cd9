// Messages that the server sends and the web app shows, as Lingui descriptors with stable ids.
// The `/*i18n*/` mark lets `lingui extract` collect them without a macro, so this file stays
// free of imports: the server translates them with the compiled catalogs, the web with `i18n._`.
// Schema messages in src/shared/contract are these ids; both sides translate them.
// find-message.ts looks ids up across this file and admin-messages.ts.

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

  // Shipment form (spec section 5) and the country and product rules.
  positiveNumber: /*i18n*/ { id: 'validation.positive', message: 'Enter a number greater than zero' },
  moneyStep: /*i18n*/ { id: 'validation.money_step', message: 'Use at most two decimal places' },
  weightStep: /*i18n*/ { id: 'validation.weight_step', message: 'Use at most three decimal places' },


  // Labels and manifests (spec sections 7 and 8).

  // Tracking (issue 7): event descriptions by code, in the reader's language.
  trackingNumberRequired: /*i18n*/ { id: 'tracking.tracking_number.required', message: 'Enter a tracking number' },
  dateRangeInvalid: /*i18n*/ { id: 'validation.date_range', message: 'The end date is before the start date' },

  invalidRequest: /*i18n*/ { id: 'error.invalid_request', message: 'The request is not valid. Check the highlighted fields.' },
  unauthorized: /*i18n*/ { id: 'error.unauthorized', message: 'Please sign in to continue.' },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'You do not have permission to do this.' },

} as const satisfies Record<string, MessageDescriptor>;

export type MessageKey = keyof typeof messages;
