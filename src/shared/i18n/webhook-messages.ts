// Messages of a company's webhook endpoints (issue 29 item 5): the API's answers and field rules.
import type { MessageDescriptor } from './messages.ts';

export const webhookMessages = {
  urlInvalid: /*i18n*/ { id: 'webhook.url.invalid', message: 'Enter the receiver’s https:// address (without a user name or password)' },
  urlPrivate: /*i18n*/ {
    id: 'webhook.url.private',
    message: 'The address leads into a private network or to this server; only public https receivers get webhooks.',
  },
  eventTypesRequired: /*i18n*/ { id: 'webhook.event_types.required', message: 'Choose at least one event' },
  eventTypeInvalid: /*i18n*/ { id: 'webhook.event_type.invalid', message: 'Unknown event type' },
  tooMany: /*i18n*/ { id: 'webhook.too_many', message: 'A company may register at most {max} webhook endpoints.' },
  notFound: /*i18n*/ { id: 'webhook.not_found', message: 'Webhook endpoint not found.' },
  deliveryNotFound: /*i18n*/ { id: 'webhook.delivery.not_found', message: 'Delivery not found.' },
  deleted: /*i18n*/ { id: 'webhook.deleted', message: 'Webhook endpoint deleted.' },
  testQueued: /*i18n*/ { id: 'webhook.test_queued', message: 'Test event queued for delivery.' },
  resendQueued: /*i18n*/ { id: 'webhook.resend_queued', message: 'The event will be sent again.' },
  disabledGone: /*i18n*/ { id: 'webhook.disabled.gone', message: 'Turned off: the receiver answered 410 Gone.' },
  disabledAddress: /*i18n*/ {
    id: 'webhook.disabled.address_not_allowed',
    message: 'Turned off: the portal may not send to this address (a private or local address, or plain http). Register a public https address.',
  },
} as const satisfies Record<string, MessageDescriptor>;
