// The scan queue's sync engine: the queue engine (offline/queue-engine.ts) on the `scans` table, under its
// own lock. Presses of the same status and minute go out merged (scan-merge.ts); a press waits
// while an earlier waiting press names one of its parcels (a parcel's ARRIVED before its SENT).
// An accepted press keeps the server's answer per id; a rejected one keeps its ids and the error,
// for the page to offer them again.
import type { ParcelStatusResult } from '#shared/contract/parcel-status.ts';
import { api } from '#web/lib/api.ts';
import { db as appDb, type PortalDb, type ScanRow } from '#web/offline/db.ts';
import { SCAN_LOCK_NAME } from '#web/offline/outbox-lock.ts';
import { createQueueEngine, type QueueEngine, type QueueEngineOptions, type SettledOutcome } from '#web/offline/queue-engine.ts';
import { pruneScans, SCAN_HISTORY_MS } from '#web/offline/queue-history.ts';
import { scanMerge } from './scan-merge.ts';
import { onScanQueued } from './scan-queue.ts';
import { createScanSend, type SendScanRow } from './scan-send.ts';

export interface ScanSyncOptions extends QueueEngineOptions {
  /** Sends one row (a press, or merged presses); default: POST /api/v1/admin/shipments/parcel-status through the app's API client. */
  send?: SendScanRow;
  db?: PortalDb;
}

export function createScanSyncEngine(options: ScanSyncOptions = {}): QueueEngine {
  const { send = createScanSend(api), db: database = appDb, ...engineOptions } = options;

  async function settle(row: ScanRow, outcome: SettledOutcome<ParcelStatusResult[]>): Promise<void> {
    if (outcome.type === 'accepted') {
      const accepted: ScanRow = { ...row, state: 'accepted', attempts: row.attempts + 1, results: outcome.result };
      delete accepted.lastError;
      await database.scans.put(accepted);
      return;
    }
    await database.scans.put({ ...row, state: 'rejected', attempts: row.attempts + 1, lastError: outcome.error, errors: outcome.errors });
  }

  return createQueueEngine(
    {
      label: 'Scan queue',
      database,
      table: database.scans,
      lockName: SCAN_LOCK_NAME,
      send,
      settle,
      onQueued: onScanQueued,
      orderKeys: (row) => row.parcelIds,
      merge: scanMerge,
      prune: (now) => pruneScans(now, SCAN_HISTORY_MS, database),
    },
    engineOptions,
  );
}
