// Tracking events (DOMAIN "Statuses and events"): the portal's own status changes and the events
// delivery partners report after SENT. Every event is stored with one of these codes; its text is
// the message `tracking.event.{code}` in the reader's language, so tracking reads the same in the
// API answer and on screen whatever language the event was recorded in.
import type { ShipmentStatus } from './enums.ts';

/** What a delivery partner may report about a parcel it has taken over. */
export const PARTNER_EVENT_CODES = [
  'IN_TRANSIT',
  'AT_PICKUP_POINT',
  'OUT_FOR_DELIVERY',
  'DELIVERY_FAILED',
  'DELIVERED',
  'RETURNED',
] as const;
export type PartnerEventCode = (typeof PARTNER_EVENT_CODES)[number];

/** Every code an event may have: the shipment statuses (the portal's events) and the partners'. */
export const TRACKING_EVENT_CODES = ['CREATED', 'DELETED', 'MANIFESTED', 'ARRIVED', 'SENT', ...PARTNER_EVENT_CODES] as const;
export type TrackingEventCode = ShipmentStatus | PartnerEventCode;

/** Where an event came from: the portal (a client's action), the depot (a scan) or a partner (its code). */
export type EventSource = 'portal' | 'depot' | `partner:${string}`;

/**
 * The milestones the public tracking page shows as its timeline, in order. A parcel has reached a
 * milestone when it has an event of that code or of any later milestone (a partner may skip some).
 */
export const TRACKING_MILESTONES = ['CREATED', 'ARRIVED', 'SENT', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const;
export type TrackingMilestone = (typeof TRACKING_MILESTONES)[number];

const MILESTONE_OF: Partial<Record<TrackingEventCode, TrackingMilestone>> = {
  CREATED: 'CREATED',
  MANIFESTED: 'CREATED',
  ARRIVED: 'ARRIVED',
  SENT: 'SENT',
  IN_TRANSIT: 'SENT',
  AT_PICKUP_POINT: 'OUT_FOR_DELIVERY',
  OUT_FOR_DELIVERY: 'OUT_FOR_DELIVERY',
  DELIVERY_FAILED: 'OUT_FOR_DELIVERY',
  DELIVERED: 'DELIVERED',
};

/**
 * The furthest milestone the events reach (null for none, e.g. only DELETED or RETURNED events:
 * those are shown as events, not as progress).
 */
export function reachedMilestone(codes: readonly TrackingEventCode[]): TrackingMilestone | null {
  let best = -1;
  for (const code of codes) {
    const milestone = MILESTONE_OF[code];
    if (milestone) best = Math.max(best, TRACKING_MILESTONES.indexOf(milestone));
  }
  return best < 0 ? null : TRACKING_MILESTONES[best]!;
}

/** Postal codes compared the way people type them: case, spaces and dashes do not matter. */
export function samePostalCode(a: string, b: string): boolean {
  const compact = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');
  return compact(a) === compact(b);
}
