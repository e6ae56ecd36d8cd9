// Sends one outbox row to POST /api/v2/shipments/store with its idempotency key and says how the
// attempt ended. Used only by the sync engine.
import * as z from 'zod/mini';
import { wizardShipmentCreatedSchema } from '../../shared/contract/shipments-wizard.ts';
import { shipmentSchema } from '../../shared/contract/shipments.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import type { OutboxError, OutboxResult, OutboxRow } from './db.ts';

export const SHIPMENT_STORE_PATH = '/api/v2/shipments/store';
/** A request without an answer after this long is abandoned and retried (same key). */
export const SEND_TIMEOUT_MS = 60_000;
/** Field-error key of a rejection that names no field: its text is shown as it is. */
export const FORM_ERROR_KEY = '_form';

export type SendOutcome =
  /** Created (or the server replayed the creation of an earlier try with the same key). */
  | { type: 'accepted'; result: OutboxResult }
  /** The server refused the content: the draft comes back with these field errors. */
  | { type: 'rejected'; error: OutboxError; errors: Record<string, string[]> }
  /** Might heal (no answer, 5xx, 408, 409 key still running, 425, 429): sent again after a backoff (at least Retry-After). */
  | { type: 'retry'; error: OutboxError; retryAfterMs?: number }
  /** No valid session even after the API client's refresh: wait for a new sign-in. */
  | { type: 'unauthorized' };

export type SendOutboxRow = (row: OutboxRow) => Promise<SendOutcome>;

const RETRY_STATUSES = new Set([408, 409, 425, 429]);

/** The numbers of the contract's answer, read leniently: the rest of each shipment may differ. */
const createdNumbersSchema = z.object({
  consignment_number: wizardShipmentCreatedSchema.shape.consignment_number,
  shipments: z.array(z.pick(shipmentSchema, { item_number: true, tracking_number: true })),
});

export function createHttpSend(client: Pick<ApiClient, 'request'>, timeoutMs = SEND_TIMEOUT_MS): SendOutboxRow {
  return async (row) => {
    let response: Response;
    try {
      response = await client.request(SHIPMENT_STORE_PATH, {
        method: 'POST',
        body: row.payload,
        headers: { 'Idempotency-Key': row.idempotencyKey },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return outcomeOfError(error);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // Created, but the answer was cut off: asking again with the same key replays it.
      return { type: 'retry', error: { status: response.status, code: 'incomplete_response', message: describe(error) } };
    }
    return { type: 'accepted', result: resultOf(body, response.headers.get('idempotent-replayed') === 'true') };
  };
}

/** How a failed request ends: 401 waits, what may heal is retried, any other answer rejects. */
export function outcomeOfError(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { type: 'retry', error: { status: 0, code: timedOut ? 'timeout' : 'network_error', message: describe(error) } };
  }
  if (error.status === 401) return { type: 'unauthorized' };
  const described: OutboxError = { status: error.status, message: error.body?.message ?? error.message };
  const code = error.code ?? (error.isOffline ? 'network_error' : undefined);
  if (code) described.code = code;
  if (error.status === 0 || error.status >= 500 || RETRY_STATUSES.has(error.status)) {
    return error.retryAfterMs === undefined ? { type: 'retry', error: described } : { type: 'retry', error: described, retryAfterMs: error.retryAfterMs };
  }
  const errors = Object.keys(error.fields).length > 0 ? error.fields : { [FORM_ERROR_KEY]: [described.message] };
  return { type: 'rejected', error: described, errors };
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

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
