// What one scan request does to each parcel it names, decided in memory from the locked rows so
// that the writes can be set-based (one UPDATE, one INSERT) whatever the number of ids.
import type { ParcelStatusResult } from '#shared/contract/parcel-status.ts';
import type { ParcelStatusUpdate, ShipmentStatus } from '#shared/domain/enums.ts';
import { scanOutcome } from '#shared/domain/parcel-status-rules.ts';

export interface ScannedShipment {
  id: number;
  itemNumber: string;
  trackingNumber: string | null;
  status: ShipmentStatus;
}

export interface ScanDecisions {
  /** One per distinct id, in request order. */
  results: ParcelStatusResult[];
  /** Shipments that move to the target status (each once). */
  updatedIds: number[];
}

/**
 * Ids are tracking numbers or item numbers; a tracking number wins if an id is both (a partner's
 * own tracking number could look like another parcel's item number). Two ids of the same parcel
 * (its tracking and its item number) move it once: the second answers `unchanged`.
 */
export function decideScans(ids: readonly string[], found: readonly ScannedShipment[], target: ParcelStatusUpdate): ScanDecisions {
  const byTracking = new Map<string, ScannedShipment>();
  const byItem = new Map<string, ScannedShipment>();
  for (const s of found) {
    if (s.trackingNumber !== null) byTracking.set(s.trackingNumber, s);
    byItem.set(s.itemNumber, s);
  }
  const statusNow = new Map<number, ShipmentStatus>(found.map((s) => [s.id, s.status]));
  const updatedIds: number[] = [];
  const results = [...new Set(ids)].map((parcelId): ParcelStatusResult => {
    const shipment = byTracking.get(parcelId) ?? byItem.get(parcelId);
    if (!shipment) return { parcel_id: parcelId, result: 'not_found', status: null, item_number: null };
    const current = statusNow.get(shipment.id)!;
    const result = scanOutcome(current, target);
    if (result === 'updated') {
      statusNow.set(shipment.id, target);
      updatedIds.push(shipment.id);
    }
    return { parcel_id: parcelId, result, status: statusNow.get(shipment.id)!, item_number: shipment.itemNumber };
  });
  return { results, updatedIds };
}
