// Which scan presses share one request (issue 19). The parcel-status route takes up to 1,000 ids
// with one scan time, so a depot's backlog of single-id presses goes out as a few requests instead
// of one per press. Presses merge when they have the same status and were pressed in the same
// minute (UTC, which is every European time zone's minute too): the request carries the earliest
// press time of them, so every event keeps the minute of its press, the precision that tracking,
// the export and the labels show (dd.MM.yyyy HH:mm). The engine (offline/queue-engine.ts) only
// offers presses never sent yet, with consecutive ids and no parcel of an earlier waiting press,
// so merged requests follow each other in press order and their times never go backwards.
import type { ParcelStatusResult } from '#shared/contract/parcel-status.ts';
import { PARCEL_STATUS_MAX_IDS } from '#shared/domain/limits.ts';
import type { ScanRow } from '#web/offline/db.ts';
import type { MergeSpec } from '#web/offline/queue-engine.ts';

const MINUTE_MS = 60_000;

const minuteOf = (time: number) => Math.floor(time / MINUTE_MS);

/** Whether `row` may go in the same request as `batch`: same status, same minute, room for its ids. */
export function canJoinScan(batch: readonly ScanRow[], row: ScanRow): boolean {
  const first = batch[0];
  if (!first || row.status !== first.status || minuteOf(row.scannedAt) !== minuteOf(first.scannedAt)) return false;
  const ids = batch.reduce((sum, r) => sum + r.parcelIds.length, 0);
  return ids + row.parcelIds.length <= PARCEL_STATUS_MAX_IDS;
}

/** The merged request as a scan row: the presses' ids in press order, the earliest press time, the batch's key. */
export function combineScans(rows: readonly ScanRow[], key: string): ScanRow {
  const first = rows[0]!;
  return { ...first, idempotencyKey: key, parcelIds: rows.flatMap((row) => row.parcelIds), scannedAt: Math.min(...rows.map((row) => row.scannedAt)) };
}

/** Each press's part of the merged answer (one result per distinct id), in the order of its ids. */
export function splitScanResults(results: readonly ParcelStatusResult[], rows: readonly ScanRow[]): ParcelStatusResult[][] {
  const byId = new Map(results.map((result) => [result.parcel_id, result]));
  return rows.map((row) => row.parcelIds.flatMap((id) => byId.get(id) ?? []));
}

export const scanMerge: MergeSpec<ScanRow, ParcelStatusResult[]> = { canJoin: canJoinScan, combine: combineScans, split: splitScanResults };
