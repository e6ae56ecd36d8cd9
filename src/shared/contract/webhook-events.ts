// The messages a webhook receiver gets (README "Webhooks"): Standard Webhooks' envelope
// `{type, timestamp, data}` and each event type's `data`, as the database's triggers build them
// (migration 0023: webhook_shipment, webhook_message) and the test event does (webhooks.service.ts).
// The API reference documents them in its top-level `webhooks` object; the webhook API tests read
// every message they receive with these schemas. Not imported by the web app.
import * as z from 'zod/mini';
import { IMPORT_STATUSES, IMPORT_TYPES } from './imports.ts';
import { shipmentSchema, shipmentStatusSchema, trackingStatusSchema } from './shipments.ts';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhooks.ts';

/** shipment.status_changed: the shipment as it is now, and the status it had before. */
export const shipmentStatusChangedSchema = z.object({ previous_status: shipmentStatusSchema });
/** shipment.tracking_updated: the shipment as it is now, and the delivery status it had before. */
export const shipmentTrackingUpdatedSchema = z.object({ previous_tracking_status: trackingStatusSchema });

/** import.finished: the import's outcome (its rows' shipments each sent their own shipment.created). */
export const importFinishedSchema = z.object({
  id: z.string(),
  filename: z.string(),
  type: z.enum(IMPORT_TYPES),
  /** COMPLETED (row errors may remain: see `failed`) or FAILED (the file as a whole could not be read). */
  status: z.enum(IMPORT_STATUSES),
  total_rows: z.number(),
  successful: z.number(),
  failed: z.number(),
  created_at: z.string(),
  finished_at: z.string(),
});

/** webhook.test: sent by "send test event" (POST /api/v1/webhooks/{id}/test) to that endpoint only. */
export const webhookTestDataSchema = z.object({ endpoint_id: z.string(), company_id: z.string() });

/** Each event type's `data`: a shipment event's is the shipment exactly as GET /api/v1/shipments/{item_number} answers it. */
export const WEBHOOK_EVENT_DATA = {
  'shipment.created': shipmentSchema,
  'shipment.status_changed': z.intersection(shipmentSchema, shipmentStatusChangedSchema),
  'shipment.tracking_updated': z.intersection(shipmentSchema, shipmentTrackingUpdatedSchema),
  'shipment.deleted': shipmentSchema,
  'import.finished': importFinishedSchema,
  [WEBHOOK_TEST_EVENT]: webhookTestDataSchema,
} as const satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodMiniType>;
export type WebhookMessageType = keyof typeof WEBHOOK_EVENT_DATA;

/** The body of one message of `type`: what the webhook-signature signs. */
export function webhookMessageSchema<T extends WebhookMessageType>(type: T) {
  return z.object({
    type: z.literal(type),
    /** When the event happened (ISO 8601, UTC). */
    timestamp: z.string(),
    data: WEBHOOK_EVENT_DATA[type],
  });
}
