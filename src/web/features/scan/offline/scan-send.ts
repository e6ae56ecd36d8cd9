// Sends one scan row to POST /api/v1/admin/shipments/parcel-status with its idempotency key and
// the press time as scanned_at, and says how the attempt ended. Used only by the scan sync engine.
import { parcelStatusAnswerSchema, parcelStatusUpdateEndpoint, type ParcelStatusResult, type ParcelStatusUpdateRequest } from '#shared/contract/parcel-status.ts';
import type { ApiClient } from '#web/lib/api-client.ts';
import type { ScanRow } from '#web/offline/db.ts';
import { postWithKey, SEND_TIMEOUT_MS, type SendOutcomeOf } from '#web/offline/keyed-request.ts';

export const PARCEL_STATUS_PATH = parcelStatusUpdateEndpoint.path;

/** Accepted with the server's answer per id; rejected (400, 403, 422…) keeps the ids for the user. */
export type ScanSendOutcome = SendOutcomeOf<ParcelStatusResult[]>;
export type SendScanRow = (row: ScanRow) => Promise<ScanSendOutcome>;

export function scanRequestBody(row: ScanRow): ParcelStatusUpdateRequest {
  return { status: row.status, parcels_id: row.parcelIds, scanned_at: new Date(row.scannedAt).toISOString() };
}

export function createScanSend(client: Pick<ApiClient, 'request'>, timeoutMs = SEND_TIMEOUT_MS): SendScanRow {
  return async (row) => {
    const answer = await postWithKey(client, PARCEL_STATUS_PATH, scanRequestBody(row), row.idempotencyKey, timeoutMs);
    if (!answer.ok) return answer.outcome;
    // A 2xx applied the scan even if its body is not the expected one: never send it again.
    const parsed = parcelStatusAnswerSchema.safeParse(answer.body);
    return { type: 'accepted', result: parsed.success ? parsed.data.results : [] };
  };
}
