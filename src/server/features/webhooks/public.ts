// What other features use of webhooks (the only file they import from here): queuing events in
// the transaction of the change they tell of.
export { enqueueWebhookEvents, type WebhookEvent } from './webhook-outbox.ts';
