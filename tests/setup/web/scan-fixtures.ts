// Helpers for the scan queue's unit tests (not part of the app).
import type { ParcelStatusResult } from '#shared/contract/parcel-status.ts';
import { db, type ScanRow } from '#web/offline/db.ts';
import type { ScanSendOutcome } from '#web/features/scan/offline/scan-send.ts';

export async function resetScans(): Promise<void> {
  await db.scans.clear();
}

export function scanRows(): Promise<ScanRow[]> {
  return db.scans.orderBy('id').toArray();
}

/**
 * A stand-in for the server's parcel-status route with its Idempotency-Key handling: the first
 * request with a key applies it (one event per parcel that moves), a repeat answers the first
 * answer again. `events` counts the events each parcel got.
 */
export function fakeParcelStatusServer() {
  const answers = new Map<string, ParcelStatusResult[]>();
  const statuses = new Map<string, string>();
  const events = new Map<string, number>();
  const requests: Array<{ key: string; row: ScanRow }> = [];
  function apply(row: ScanRow): ScanSendOutcome {
    requests.push({ key: row.idempotencyKey, row });
    const replay = answers.get(row.idempotencyKey);
    if (replay) return { type: 'accepted', result: replay };
    const results = row.parcelIds.map((id): ParcelStatusResult => {
      if (statuses.get(id) === row.status) return { parcel_id: id, result: 'unchanged', status: row.status, item_number: id };
      statuses.set(id, row.status);
      events.set(id, (events.get(id) ?? 0) + 1);
      return { parcel_id: id, result: 'updated', status: row.status, item_number: id };
    });
    answers.set(row.idempotencyKey, results);
    return { type: 'accepted', result: results };
  }
  return { apply, events, requests };
}
