// The depot's scan queue. Each press of Arrive or Sent writes one row (its ids and the press
// time) in one transaction; only the scan sync engine (scan-sync.ts) sends the rows. The page
// reads the counts and the recent presses from here, live, in every tab. The history's pruning is
// in src/web/offline/queue-history.ts (a sign-out clears it too).
import { useLiveQuery } from 'dexie-react-hooks';
import type { ParcelStatusUpdate } from '#shared/domain/enums.ts';
import { PARCEL_STATUS_MAX_IDS } from '#shared/domain/limits.ts';
import { parcelIdFromScan } from '#shared/domain/parcel-status-rules.ts';
import { db, type ScanRow } from '#web/offline/db.ts';
import { freshQueueFields, waitingRows } from '#web/offline/outbox-states.ts';

type Listener = () => void;
const queued = new Set<Listener>();

/** Called after each committed press (the scan sync engine sends it at once when it can). */
export function onScanQueued(listener: Listener): () => void {
  queued.add(listener);
  return () => queued.delete(listener);
}

export class NoParcelIdsError extends Error {
  constructor() {
    super('A scan needs at least one parcel id.');
    this.name = 'NoParcelIdsError';
  }
}

/**
 * Queues one press: the ids (upper case, each once) with `scannedAt`, the press time, and a new
 * idempotency key. More ids than one request takes become several rows with the same time, all
 * written in ONE transaction (all or none). Answers the rows' ids.
 */
export async function queueScan(clientId: string, status: ParcelStatusUpdate, parcelIds: readonly string[], scannedAt = Date.now()): Promise<number[]> {
  const ids = [...new Set(parcelIds.map(parcelIdFromScan).filter((id) => id.length > 0))];
  if (ids.length === 0) throw new NoParcelIdsError();
  const now = Date.now();
  const rows: Array<Omit<ScanRow, 'id'>> = [];
  for (let start = 0; start < ids.length; start += PARCEL_STATUS_MAX_IDS) {
    rows.push({
      clientId,
      status,
      parcelIds: ids.slice(start, start + PARCEL_STATUS_MAX_IDS),
      scannedAt,
      idempotencyKey: crypto.randomUUID(),
      ...freshQueueFields(now),
    });
  }
  const keys = await db.transaction('rw', db.scans, () => db.scans.bulkAdd(rows as ScanRow[], { allKeys: true }));
  queued.forEach((listener) => listener());
  return keys;
}

export interface ScanQueueStatus {
  /** Presses not yet answered by the server (pending, sending, retry). */
  waiting: number;
  /** Parcel ids in those presses. */
  waitingIds: number;
  /** A press is on its way to the server right now. */
  sending: boolean;
  /** The latest error of a waiting press that failed (no connection, server error), if any. */
  lastError?: ScanRow['lastError'];
}

export async function scanQueueStatus(clientId: string): Promise<ScanQueueStatus> {
  const rows = await waitingRows(db.scans, clientId);
  const failed = rows.filter((row) => row.lastError).sort((a, b) => b.updatedAt - a.updatedAt)[0];
  return {
    waiting: rows.length,
    waitingIds: rows.reduce((sum, row) => sum + row.parcelIds.length, 0),
    sending: rows.some((row) => row.state === 'sending'),
    ...(failed?.lastError ? { lastError: failed.lastError } : {}),
  };
}

/** Live queue counts for the scan page (undefined while loading). */
export function useScanQueueStatus(clientId: string | null | undefined): ScanQueueStatus | undefined {
  return useLiveQuery(() => (clientId ? scanQueueStatus(clientId) : Promise.resolve(undefined)), [clientId]);
}

/** The client's latest presses, newest first, whatever their state. */
export function recentScans(clientId: string, limit = 20): Promise<ScanRow[]> {
  return db.scans.where('clientId').equals(clientId).reverse().limit(limit).toArray();
}

export function useRecentScans(clientId: string | null | undefined, limit = 20): ScanRow[] | undefined {
  return useLiveQuery(() => (clientId ? recentScans(clientId, limit) : Promise.resolve(undefined)), [clientId, limit]);
}

/** The ids of a rejected press went back into the scan field: the press is no longer offered. */
export async function resolveRejectedScan(id: number, now = Date.now()): Promise<void> {
  await db.scans.where('id').equals(id).filter((row) => row.state === 'rejected').modify({ resolvedAt: now, updatedAt: now });
}
