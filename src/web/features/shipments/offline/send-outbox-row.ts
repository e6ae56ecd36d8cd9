// Sends one outbox row to POST /api/v2/shipments/store with its idempotency key and says how the
// attempt ended. Used only by the sync engine.
import * as z from 'zod/mini';
import { wizardShipmentCreatedSchema, wizardStoreEndpoint } from '#shared/contract/shipments-wizard.ts';
import { shipmentSchema } from '#shared/contract/shipments.ts';
import type { ApiClient } from '#web/lib/api-client.ts';
import type { OutboxResult, OutboxRow } from '#web/offline/db.ts';
import { postWithKey, SEND_TIMEOUT_MS, type SendOutcomeOf } from '#web/offline/keyed-request.ts';

export { FORM_ERROR_KEY, outcomeOfError, SEND_TIMEOUT_MS } from '#web/offline/keyed-request.ts';

export const SHIPMENT_STORE_PATH = wizardStoreEndpoint.path;

/** Accepted: created (or the creation of an earlier try replayed); rejected: the draft comes back with the field errors. */
export type SendOutcome = SendOutcomeOf<OutboxResult>;

export type SendOutboxRow = (row: OutboxRow) => Promise<SendOutcome>;

/** The numbers of the contract's answer, read leniently: the rest of each shipment may differ. */
const createdNumbersSchema = z.object({
  consignment_number: wizardShipmentCreatedSchema.shape.consignment_number,
  shipments: z.array(z.pick(shipmentSchema, { item_number: true, tracking_number: true })),
});

export function createHttpSend(client: Pick<ApiClient, 'request'>, timeoutMs = SEND_TIMEOUT_MS): SendOutboxRow {
  return async (row) => {
    const answer = await postWithKey(client, SHIPMENT_STORE_PATH, row.payload, row.idempotencyKey, timeoutMs);
    if (!answer.ok) return answer.outcome;
    return { type: 'accepted', result: resultOf(answer.body, answer.replayed) };
  };
}

/** The numbers of what was created; a 2xx is a creation even if its body is not the expected one. */
function resultOf(body: unknown, replayed: boolean): OutboxResult {
  const parsed = createdNumbersSchema.safeParse(body);
  if (!parsed.success) return { consignment_number: null, item_numbers: [], tracking_numbers: [], replayed };
  return {
    consignment_number: parsed.data.consignment_number,
    item_numbers: parsed.data.shipments.map((s) => s.item_number),
    tracking_numbers: parsed.data.shipments.map((s) => s.tracking_number).filter((n): n is string => typeof n === 'string'),
    replayed,
  };
}
