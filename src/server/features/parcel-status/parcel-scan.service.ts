// POST /api/v1/admin/shipments/parcel-status: the depot's scans. One transaction locks the named
// shipments, decides per id, then moves the parcels and records their events set-based, so 1,000
// ids cost three statements (the UPDATE's row trigger keeping the list counts costs the most). Two scans of one parcel racing wait on its row lock: the second sees
// the first's status and answers `unchanged`, so a parcel gets one event per move.
import { asc, or, sql } from 'drizzle-orm';
import type { ParcelStatusAnswer, ParcelStatusUpdateRequest } from '#shared/contract/parcel-status.ts';
import { parcelIdFromScan } from '#shared/domain/parcel-status-rules.ts';
import { messages } from '#shared/i18n/messages.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import type { Db } from '#server/db/client.ts';
import { shipments } from '#server/db/schema.ts';
import { retriedTransaction } from '#server/db/transient-conflict.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { advanceTrackingStatus, trackingChanged } from '../tracking/public.ts';
import { decideScans } from './scan-decisions.ts';
import { scanTime } from './scan-time.ts';

/** The source of events written by depot scans (the export reads them back). */
export const DEPOT_SOURCE = 'depot';

/**
 * `beforeCommit` runs last in the scan's transaction with its answer (the route stores its
 * Idempotency-Key answer there: a resend after a crash replays what the first scan did rather
 * than answering `unchanged`).
 */
export async function applyParcelScan(db: Db, principal: Principal, request: ParcelStatusUpdateRequest, beforeCommit?: (tx: Db, answer: ParcelStatusAnswer) => Promise<void>): Promise<ParcelStatusAnswer> {
  const occurredAt = scanTime(request.scanned_at);
  // A wedge scanner reading a label's QR types `TRACKING|COUNTRY|POSTCODE`: the tracking number counts.
  const ids = [...new Set(request.parcels_id.map(parcelIdFromScan))].filter((id) => id.length > 0);
  if (ids.length === 0) throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { parcels_id: [documentActionMessages.parcelIdsRequired.id] } });
  // One array parameter each instead of 2 × 1,000 bind parameters; both columns are unique-indexed.
  const idArray = sql`${sql.param(ids)}::text[]`;

  return retriedTransaction(db, async (tx) => {
    // ORDER BY id: concurrent scans lock overlapping parcels in the same order (no deadlock).
    const found = await tx
      .select({ id: shipments.id, itemNumber: shipments.itemNumber, trackingNumber: shipments.trackingNumber, status: shipments.status })
      .from(shipments)
      .where(or(sql`${shipments.trackingNumber} = any(${idArray})`, sql`${shipments.itemNumber} = any(${idArray})`))
      .orderBy(asc(shipments.id))
      .for('update');

    const { results, updatedIds } = decideScans(ids, found, request.status);
    if (updatedIds.length > 0) {
      // Arrays through unnest: a 1,000-row VALUES list of bind parameters cost 5 times as much on PGlite.
      const shipmentIds = sql`${sql.param(updatedIds)}::bigint[]`;
      await tx.update(shipments).set({ status: request.status, updatedAt: sql`now()` }).where(sql`${shipments.id} = any(${shipmentIds})`);
      const at = occurredAt ? sql`${occurredAt.toISOString()}::timestamptz` : sql`now()`;
      await tx.execute(sql`
        insert into shipment_events (shipment_id, status, source, client_id, occurred_at)
        select unnest(${shipmentIds}), ${request.status}::text, ${DEPOT_SOURCE}::text, ${principal.clientId}::uuid, ${at}`);
      await advanceTrackingStatus(tx, updatedIds.map((shipmentId) => ({ shipmentId, code: request.status, at: occurredAt ?? null })));
      await trackingChanged(tx, updatedIds);
    }
    const answer = { updated: updatedIds.length, results };
    await beforeCommit?.(tx, answer);
    return answer;
  });
}
