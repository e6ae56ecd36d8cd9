// Recording what a delivery partner reports. An event belongs to the partner's own parcel or to
// nothing (a partner cannot write into another partner's parcels); a resent event_id records
// nothing new. Partner events never change shipments.status: the status tells where the parcel
// is in the carrier's own hands (up to SENT), the events tell the rest.
//
// What the public page would show is checked per event (issue 18): an event dated in the future or
// before the shipment existed, or about a parcel the carrier never took over, is `rejected` with
// its reason and nothing of it is stored; the location's shape is the contract's (placeName).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PartnerEvent, PartnerEventRejection, PartnerEventsAnswer } from '#shared/contract/partner-events.ts';
import type { ShipmentStatus } from '#shared/domain/enums.ts';
import type { PartnerEventCode } from '#shared/domain/tracking-events.ts';
import { messages } from '#shared/i18n/messages.ts';
import type { Db } from '#server/db/client.ts';
import { shipmentEvents, shipments } from '#server/db/schema.ts';
import { retriedTransaction } from '#server/db/transient-conflict.ts';
import { ApiError } from '#server/http-errors.ts';
import { partnerEvents } from '#server/observability/metrics.ts';
import { trackingChanged } from './tracking-changes.ts';
import { advanceTrackingStatus } from './tracking-status.ts';
import { EVENT_CLOCK_SKEW_MS } from './tracking.service.ts';

export interface FeedPartner {
  id: number;
  code: string;
}

/** The source of a partner's events, e.g. `partner:SPS`; event ids are unique per source. */
export const partnerSource = (code: string) => `partner:${code}`;

/** occurred_at as an instant; the schema checked the format, this refuses what no clock shows. */
function occurredAt(events: PartnerEvent[]): Date[] {
  const fields: Record<string, string[]> = {};
  const dates = events.map((event, i) => {
    const date = new Date(event.occurred_at);
    if (Number.isNaN(date.getTime())) fields[`events.${i}.occurred_at`] = [messages.invalidValue.id];
    return date;
  });
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields });
  return dates;
}

interface OwnedShipment {
  id: number;
  status: ShipmentStatus;
  createdAt: Date;
}

/** Why the public page must not show this event about `shipment`, or null when it may be recorded. */
function rejection(shipment: OwnedShipment, at: Date, now: Date): PartnerEventRejection | null {
  // A partner gets a parcel from the carrier: one still CREATED (or cancelled) it never had.
  if (shipment.status === 'CREATED' || shipment.status === 'DELETED') return 'not_handed_over';
  if (at.getTime() > now.getTime() + EVENT_CLOCK_SKEW_MS) return 'occurred_in_future';
  // The same allowance for the partner's clock the other way.
  if (at.getTime() < shipment.createdAt.getTime() - EVENT_CLOCK_SKEW_MS) return 'occurred_before_shipment';
  return null;
}

export async function recordPartnerEvents(db: Db, partner: FeedPartner, events: PartnerEvent[], now = new Date()): Promise<PartnerEventsAnswer> {
  const dates = occurredAt(events);
  const numbers = [...new Set(events.map((e) => e.tracking_number))];
  const owned = await db
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, status: shipments.status, createdAt: shipments.createdAt })
    .from(shipments)
    .where(and(eq(shipments.partnerId, partner.id), inArray(shipments.trackingNumber, numbers)));
  const shipmentOf = new Map<string | null, OwnedShipment>(owned.map((s) => [s.trackingNumber, s]));
  const rejected = events.map((event, i) => {
    const shipment = shipmentOf.get(event.tracking_number);
    return shipment ? rejection(shipment, dates[i]!, now) : null;
  });

  const source = partnerSource(partner.code);
  const rows = events.flatMap((event, i) => {
    const shipment = shipmentOf.get(event.tracking_number);
    if (shipment === undefined || rejected[i]) return [];
    return [{ shipmentId: shipment.id, status: event.code, occurredAt: dates[i]!, source, location: event.location || null, partnerEventId: event.event_id }];
  });
  // One statement: a conflict on (source, partner_event_id) — sent before, or twice in this
  // batch — inserts nothing and returns nothing, which is how duplicates are told apart. The
  // lookups' caches hear of the parcels that got events when it commits.
  const inserted = rows.length === 0
    ? []
    : await retriedTransaction(db, async (tx) => {
        // The parcels' rows first, in id order, as depot scans lock them (the events' foreign keys
        // would otherwise take them in the batch's order); then their delivery status follows the
        // events recorded (note 103).
        await tx.select({ id: shipments.id }).from(shipments).where(inArray(shipments.id, [...new Set(rows.map((r) => r.shipmentId))])).orderBy(asc(shipments.id)).for('no key update');
        const added = await tx
          .insert(shipmentEvents)
          .values(rows)
          .onConflictDoNothing()
          .returning({ partnerEventId: shipmentEvents.partnerEventId, shipmentId: shipmentEvents.shipmentId, code: shipmentEvents.status, at: shipmentEvents.occurredAt });
        await advanceTrackingStatus(tx, added.map((r) => ({ shipmentId: r.shipmentId, code: r.code as PartnerEventCode, at: r.at })));
        await trackingChanged(tx, added.map((r) => r.shipmentId));
        return added;
      });
  const recorded = new Set(inserted.map((r) => r.partnerEventId));

  const answered = new Set<string>();
  const results = events.map((event, i) => {
    if (!shipmentOf.has(event.tracking_number)) return { event_id: event.event_id, result: 'not_found' as const };
    const reason = rejected[i];
    if (reason) return { event_id: event.event_id, result: 'rejected' as const, reason };
    // The first of several equal event_ids in a batch is the recorded one.
    const isNew = recorded.has(event.event_id) && !answered.has(event.event_id);
    answered.add(event.event_id);
    return { event_id: event.event_id, result: isNew ? ('recorded' as const) : ('duplicate' as const) };
  });
  for (const { result } of results) partnerEvents.inc({ result });
  return { results };
}
