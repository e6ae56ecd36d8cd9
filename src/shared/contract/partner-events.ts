// The delivery partners' signed event feed (README, "Partner event feed"): its own file, so that
// the public tracking page, which imports tracking.ts, does not carry the feed's rules and messages.
import * as z from 'zod/mini';
import { PARTNER_EVENTS_MAX } from '../domain/limits.ts';
import { isPlaceName, PLACE_NAME_MAX } from '../domain/place-name.ts';
import { PARTNER_EVENT_CODES } from '../domain/tracking-events.ts';
import { messages } from '../i18n/messages.ts';
import { serverMessages } from '../i18n/server-messages.ts';
import { endpoint } from './endpoint.ts';
import { trackingNumber } from './tracking.ts';

/** A tracking event's location as a partner sends it: empty, or a place (a depot or a town). */
export const placeName = z.string().check(
  z.trim(),
  z.maxLength(PLACE_NAME_MAX, messages.tooLong.id),
  z.refine((value) => value === '' || isPlaceName(value), serverMessages.partnerLocationNotAPlace.id),
);

/**
 * POST /api/v1/partner/events: what a delivery partner reports, signed with its key (see the README,
 * "Partner event feed"). `event_id` is the partner's own id of the event: sending it again records
 * nothing new, so a partner may retry a batch safely.
 */
export const partnerEventSchema = z.object({
  event_id: z.string().check(z.trim(), z.minLength(1, messages.required.id), z.maxLength(100, messages.tooLong.id)),
  tracking_number: trackingNumber,
  code: z.enum(PARTNER_EVENT_CODES, messages.invalidValue.id),
  /** ISO 8601 with an offset or Z; not in the future, not before the shipment was created (checked per event). */
  occurred_at: z.iso.datetime({ offset: true, error: messages.invalidValue.id }),
  /** A place (src/shared/domain/place-name.ts); empty or null: none. */
  location: z.optional(z.nullable(placeName)),
});
export type PartnerEvent = z.infer<typeof partnerEventSchema>;

export const partnerEventsSchema = z.object({
  events: z.array(partnerEventSchema).check(z.minLength(1, messages.required.id), z.maxLength(PARTNER_EVENTS_MAX, messages.tooLong.id)),
});
export type PartnerEvents = z.infer<typeof partnerEventsSchema>;

/**
 * recorded: new; duplicate: this event_id was recorded before; not_found: not a parcel of this
 * partner; rejected: refused for the `reason` (nothing recorded; send it again corrected, or not).
 */
export const PARTNER_EVENT_RESULTS = ['recorded', 'duplicate', 'not_found', 'rejected'] as const;
/**
 * Why an event was rejected: `occurred_in_future` (more than 5 minutes ahead of our clock),
 * `occurred_before_shipment` (before the shipment was created), `not_handed_over` (the carrier has
 * not taken the parcel over: it is still CREATED, or was cancelled).
 */
export const PARTNER_EVENT_REJECTIONS = ['occurred_in_future', 'occurred_before_shipment', 'not_handed_over'] as const;
export type PartnerEventRejection = (typeof PARTNER_EVENT_REJECTIONS)[number];
export const partnerEventsAnswerSchema = z.object({
  results: z.array(z.object({ event_id: z.string(), result: z.enum(PARTNER_EVENT_RESULTS), reason: z.optional(z.enum(PARTNER_EVENT_REJECTIONS)) })),
});
export type PartnerEventsAnswer = z.infer<typeof partnerEventsAnswerSchema>;

/** The partners' signed event feed (README, "Partner event feed"). */
export const partnerEventsEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/partner/events',
  access: 'partner',
  companyData: 'none',
  body: partnerEventsSchema,
  answer: partnerEventsAnswerSchema,
});
