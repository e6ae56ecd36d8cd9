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

/**
 * A shipment's delivery status (`shipments.tracking_status`, README note 103): its latest tracking
 * milestone, set from the portal's, the depot's and the partners' events by `nextTrackingStatus`.
 */
export const TRACKING_STATUSES = [
  'created',
  'handed_over',
  'in_transit',
  'out_for_delivery',
  'ready_for_pickup',
  'exception',
  'delivered',
  'returned',
  'cancelled',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** The milestone each event code reaches. */
export const TRACKING_STATUS_OF: Record<TrackingEventCode, TrackingStatus> = {
  CREATED: 'created',
  MANIFESTED: 'created',
  ARRIVED: 'handed_over',
  SENT: 'in_transit',
  IN_TRANSIT: 'in_transit',
  OUT_FOR_DELIVERY: 'out_for_delivery',
  AT_PICKUP_POINT: 'ready_for_pickup',
  DELIVERY_FAILED: 'exception',
  DELIVERED: 'delivered',
  RETURNED: 'returned',
  DELETED: 'cancelled',
};

/**
 * The stage of each milestone: a shipment never moves to a lower stage. The last mile (out for
 * delivery, ready for pickup, exception) is one stage whose newest event wins: a failed attempt,
 * then out for delivery again the next day, then at a pickup point. Delivered is final but for a
 * return; returned and cancelled are final.
 */
const STAGE: Record<TrackingStatus, number> = {
  created: 0,
  handed_over: 1,
  in_transit: 2,
  out_for_delivery: 3,
  ready_for_pickup: 3,
  exception: 3,
  delivered: 4,
  returned: 5,
  cancelled: 6,
};
const LAST_MILE = 3;

export interface TrackingState {
  status: TrackingStatus;
  /** When the milestone was reached: its event's occurred_at. */
  at: Date;
}

/**
 * The state machine of `tracking_status`: the state after one more event (`current` is null for
 * a shipment without one). The result depends only on the set of events, never on the order they
 * arrive in, so a partner's late batch lands where it would have been: a higher stage replaces the
 * milestone; a lower one changes nothing; in the last mile the newest event wins (ties: the one
 * recorded last); anywhere else an equal milestone reported earlier only moves its time earlier.
 */
export function nextTrackingStatus(current: TrackingState | null, code: TrackingEventCode, at: Date): TrackingState {
  const status = TRACKING_STATUS_OF[code];
  if (!current) return { status, at };
  const stage = STAGE[status];
  const currentStage = STAGE[current.status];
  if (stage > currentStage) return { status, at };
  if (stage < currentStage) return current;
  if (stage === LAST_MILE) return at.getTime() >= current.at.getTime() ? { status, at } : current;
  return at.getTime() < current.at.getTime() ? { status, at } : current;
}

/** The tracking status a shipment's events (in the order they were recorded) lead to. */
export function trackingStatusOf(events: readonly { code: TrackingEventCode; at: Date }[]): TrackingState | null {
  return events.reduce<TrackingState | null>((state, event) => nextTrackingStatus(state, event.code, event.at), null);
}
