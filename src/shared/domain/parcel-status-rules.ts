// The depot's scan rules (issue 7): which status a scan may move a parcel to, and how scanned text
// becomes parcel ids. The server decides with these; the scan page explains its answers with them.
import type { ParcelStatusUpdate, ShipmentStatus } from './enums.ts';

/**
 * What a scan did to one parcel: updated (a new event), unchanged (already in that status: a second
 * scan records nothing), not_found (no such parcel), not_allowed (its status does not allow it).
 */
export const SCAN_OUTCOMES = ['updated', 'unchanged', 'not_found', 'not_allowed'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

/**
 * ARRIVED (the depot has the parcel) from CREATED or MANIFESTED: a parcel that is physically here
 * is taken in even if its manifest is missing, because refusing the scan would lose it. SENT (handed
 * to the partner) only from ARRIVED. Nothing moves back, and a DELETED shipment never moves.
 */
const ALLOWED_FROM: Record<ParcelStatusUpdate, readonly ShipmentStatus[]> = {
  ARRIVED: ['CREATED', 'MANIFESTED'],
  SENT: ['ARRIVED'],
};

export function scanOutcome(current: ShipmentStatus, target: ParcelStatusUpdate): Exclude<ScanOutcome, 'not_found'> {
  if (current === target) return 'unchanged';
  return ALLOWED_FROM[target].includes(current) ? 'updated' : 'not_allowed';
}

/** The statuses a parcel must have for a scan to move it (for the page's explanation). */
export function allowedFrom(target: ParcelStatusUpdate): readonly ShipmentStatus[] {
  return ALLOWED_FROM[target];
}

/**
 * A scanned code as a parcel id: the label's QR holds `TRACKING|COUNTRY|POSTCODE`, its Code128 the
 * tracking number alone; ids are upper case (scanners in caps-lock or a typed lower case id match).
 */
export function parcelIdFromScan(code: string): string {
  return (code.split('|', 1)[0] ?? '').trim().toUpperCase();
}

/** The ids of a pasted or typed list, split on whitespace or commas (spec section 5), each once, in order. */
export function parseParcelIds(text: string): string[] {
  // A QR's `|COUNTRY|POSTCODE` tail (the postcode may hold a space) goes before the split.
  const ids = text
    .replace(/\|[^\r\n,]*/g, '')
    .split(/[\s,]+/)
    .map(parcelIdFromScan)
    .filter((id) => id.length > 0);
  return [...new Set(ids)];
}
