// Reading a shipment's tracking: the shipment by tracking number with its events newest first,
// and the events as answered, in the reader's language.
import { eq, sql } from 'drizzle-orm';
import type { TrackingEvent } from '#shared/contract/tracking.ts';
import type { ShipmentStatus } from '#shared/domain/enums.ts';
import { isPlaceName } from '#shared/domain/place-name.ts';
import { TRACKING_EVENT_CODES, type TrackingEventCode } from '#shared/domain/tracking-events.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { partners, shipmentEvents, shipments } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Translate } from '#server/i18n.ts';

export interface TrackedShipment {
  trackingNumber: string;
  status: ShipmentStatus;
  companyId: string;
  destinationCountry: string;
  /** The destination's postal code: compared, never answered. */
  postalCode: string;
  partnerName: string | null;
  trackingUrlTemplate: string | null;
}

export interface StoredEvent {
  code: TrackingEventCode;
  occurredAt: Date;
  location: string | null;
  fromPartner: boolean;
}

/** Unknown numbers and wrong postal codes answer alike, so a lookup tells nothing more than it should. */
export const shipmentNotFound = () => new ApiError(404, 'not_found', serverMessages.shipmentNotFound);

/** An event as the lookup's query aggregates it (json_build_object keys). */
interface EventJson {
  code: string;
  at: string;
  location: string | null;
  source: string;
}

const isEventCode = (value: string): value is TrackingEventCode => (TRACKING_EVENT_CODES as readonly string[]).includes(value);

/** How far ahead of our clock an event's time may be (a partner's or a tablet's clock). */
export const EVENT_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Which stored events a lookup shows (the partner feed refuses what this leaves out, issue 18; this
 * also keeps what was stored before it did off the page): none from a partner while the carrier
 * has not taken the parcel over (CREATED, or cancelled), and a location only when it is a place.
 * Events dated in the future are left out when answering (eventsShownAt): the time moves on while
 * the record is cached.
 */
function storedEvents(status: ShipmentStatus, raw: EventJson[]): StoredEvent[] {
  const handedOver = status !== 'CREATED' && status !== 'DELETED';
  const events: StoredEvent[] = [];
  for (const e of raw) {
    if (!isEventCode(e.code)) continue;
    const fromPartner = e.source.startsWith('partner:');
    if (fromPartner && !handedOver) continue;
    events.push({ code: e.code, occurredAt: new Date(e.at), location: e.location !== null && isPlaceName(e.location) ? e.location.trim() : null, fromPartner });
  }
  return events;
}

/** What a lookup knows of a shipment: read once, cached by tracking-cache.ts, answered many times. */
export interface TrackingRecord {
  shipmentId: number;
  shipment: TrackedShipment;
  /** Newest first; a code this version does not know is left out. */
  events: StoredEvent[];
}

/**
 * The shipment with this tracking number and its events, newest first; null when there is none.
 * Whether the caller may see it, and how much, is tracking-access.ts's to decide. One query:
 * public lookups are the busiest reads.
 */
export async function readTracking(db: Db, trackingNumber: string): Promise<TrackingRecord | null> {
  const [row] = await db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      companyId: shipments.companyId,
      destinationCountry: shipments.receiverCountry,
      postalCode: shipments.receiverPostalCode,
      shipmentPartnerName: shipments.partnerName,
      partnerName: partners.name,
      trackingUrlTemplate: partners.trackingUrlTemplate,
      events: sql<EventJson[] | string | null>`(
        select json_agg(json_build_object('code', ${shipmentEvents.status}, 'at', ${shipmentEvents.occurredAt}, 'location', ${shipmentEvents.location}, 'source', ${shipmentEvents.source})
                        order by ${shipmentEvents.occurredAt} desc, ${shipmentEvents.id} desc)
          from ${shipmentEvents} where ${shipmentEvents.shipmentId} = ${shipments.id})`,
    })
    .from(shipments)
    .leftJoin(partners, eq(partners.id, shipments.partnerId))
    .where(eq(shipments.trackingNumber, trackingNumber))
    .limit(1);
  if (!row || !row.trackingNumber) return null;
  // json comes parsed from both drivers; a string is parsed here in case a driver leaves it as text.
  const rawEvents: EventJson[] = typeof row.events === 'string' ? (JSON.parse(row.events) as EventJson[]) : (row.events ?? []);
  return {
    shipmentId: row.id,
    shipment: {
      trackingNumber: row.trackingNumber,
      status: row.status,
      companyId: row.companyId,
      destinationCountry: row.destinationCountry,
      postalCode: row.postalCode,
      partnerName: row.partnerName ?? row.shipmentPartnerName,
      trackingUrlTemplate: row.trackingUrlTemplate,
    },
    events: storedEvents(row.status, rawEvents),
  };
}

/** The record's events a lookup shows at `now`: none dated further ahead than a clock may be off. */
export function eventsShownAt(record: TrackingRecord, now: number): StoredEvent[] {
  const latest = now + EVENT_CLOCK_SKEW_MS;
  // Newest first: only the head can be in the future, so the common case copies nothing.
  let first = 0;
  while (first < record.events.length && record.events[first]!.occurredAt.getTime() > latest) first++;
  return first === 0 ? record.events : record.events.slice(first);
}

/**
 * Events as the API answers them: the description is the message `tracking.event.{code}`; the
 * places only with `locations` (not in the public lookup's status view).
 */
export function toTrackingEvents(events: StoredEvent[], t: Translate, { locations = true }: { locations?: boolean } = {}): TrackingEvent[] {
  return events.map((e) => ({ date: e.occurredAt.toISOString(), name: t(`tracking.event.${e.code}`), code: e.code, location: locations ? e.location : null }));
}
