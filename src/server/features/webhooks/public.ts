// What other features use of webhooks (the only file they import from here): queuing events in
// the transaction of the change they tell of; the delivery policy and the secret rotation window,
// which the API reference states.
export { enqueueWebhookEvents, type WebhookEvent } from './webhook-outbox.ts';
export { DEFAULT_WEBHOOK_OPTIONS } from './webhook-delivery.ts';
export { PREVIOUS_SECRET_MS } from './webhooks.service.ts';
