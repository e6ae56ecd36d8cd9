// A company's webhook endpoints (issue 29 item 5, README "Webhooks"): the receiver's address and
// the events it wants; deliveries follow Standard Webhooks v1 (webhook-id, webhook-timestamp,
// webhook-signature). The secret is in the answer of the create and rotate calls only.
import * as z from 'zod/mini';
import { messages } from '../i18n/messages.ts';
import { webhookMessages as wm } from '../i18n/webhook-messages.ts';
import { endpoint } from './endpoint.ts';
import { uuidParams } from './params.ts';

export const WEBHOOK_EVENT_TYPES = ['shipment.created', 'shipment.status_changed', 'shipment.tracking_updated', 'shipment.deleted', 'import.finished'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the event "send test event" delivers (never subscribed to; always sent to the endpoint asked). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
/** Endpoints per company. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Attempts kept in an endpoint's delivery log. */
export const WEBHOOK_LOG_SIZE = 100;

/** An http(s) address without credentials or spaces (whether http is accepted is the server's setting). */
export function isWebhookUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export const webhookCreateSchema = z.object({
  url: z
    .string({ error: messages.required.id })
    .check(z.trim(), z.minLength(1, messages.required.id), z.maxLength(WEBHOOK_URL_MAX, messages.tooLong.id), z.refine(isWebhookUrl, wm.urlInvalid.id)),
  event_types: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: wm.eventTypeInvalid.id }), { error: wm.eventTypesRequired.id })
    .check(z.minLength(1, wm.eventTypesRequired.id), z.maxLength(WEBHOOK_EVENT_TYPES.length, messages.tooLong.id)),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  url: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why the server turned it off (translated); null while enabled. */
  disabled_reason: z.nullable(z.string()),
  created_at: z.string(),
  /** Deliveries waiting to be sent (retries included). */
  pending: z.number(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The secret (`whsec_…`): in this answer only, never again. */
export const webhookSecretSchema = z.object({ secret: z.string() });
export const webhookCreatedSchema = z.extend(webhookSchema, webhookSecretSchema.shape);

export const webhookAttemptSchema = z.object({
  id: z.number(),
  delivery_id: z.number(),
  at: z.string(),
  event_type: z.string(),
  /** The webhook-id header: the same on every attempt of one event. */
  message_id: z.string(),
  attempt: z.number(),
  /** The receiver's HTTP status; null when it did not answer (see `error`). */
  status: z.nullable(z.number()),
  error: z.nullable(z.string()),
  duration_ms: z.number(),
  /** The delivery's state now: pending (a retry is due), delivered or failed. */
  state: z.enum(['pending', 'delivered', 'failed']),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

const webhookParams = uuidParams(wm.notFound.id);
const deliveryParams = z.object({
  id: z.uuid(wm.notFound.id),
  delivery_id: z.coerce.number({ error: wm.deliveryNotFound.id }).check(z.int(wm.deliveryNotFound.id), z.gte(1, wm.deliveryNotFound.id)),
});
const messageAnswer = z.object({ message: z.string() });
const webhookRow = { names: { params: { id: 'webhook' } } } as const;

export const webhookCreateEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/webhooks',
  access: 'client',
  permission: 'webhooks.manage',
  companyData: 'caller',
  body: webhookCreateSchema,
  answer: webhookCreatedSchema,
  status: 201,
});
/** The caller's company's endpoints (ADMIN: every company's). */
export const webhookListEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/webhooks',
  access: 'client',
  permission: 'webhooks.manage',
  companyData: 'caller',
  answer: z.array(webhookSchema),
});
export const webhookDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/webhooks/:id',
  access: 'client',
  permission: 'webhooks.manage',
  companyData: webhookRow,
  params: webhookParams,
  answer: messageAnswer,
});
/** Queues a `webhook.test` event for this endpoint (202); it shows in the delivery log once sent. */
export const webhookTestEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id/test',
  access: 'client',
  permission: 'webhooks.manage',
  companyData: webhookRow,
  params: webhookParams,
  answer: z.object({ message: z.string(), message_id: z.string() }),
  status: 202,
});
/** The last attempts, newest first. */
export const webhookDeliveriesEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/webhooks/:id/deliveries',
  access: 'client',
  permission: 'webhooks.manage',
  companyData: webhookRow,
  params: webhookParams,
  answer: z.array(webhookAttemptSchema),
});
/** A new secret at once (in this answer only); the previous one keeps signing beside it for 24 hours. */
export const webhookRotateSecretEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id/rotate-secret',
  access: 'client',
  permission: 'webhooks.manage',
  companyData: webhookRow,
  params: webhookParams,
  answer: webhookSecretSchema,
});
/** Sends a logged delivery again (same webhook-id: a receiver that has it already may skip it). */
export const webhookResendEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id/deliveries/:delivery_id/resend',
  access: 'client',
  permission: 'webhooks.manage',
  companyData: webhookRow,
  params: deliveryParams,
  answer: messageAnswer,
  status: 202,
});
