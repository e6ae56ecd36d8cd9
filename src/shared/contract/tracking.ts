// Tracking (spec sections 2, 3 "Tracking result" and 7 "GET /api/v1/shipments/track"), the public
// tracking page's lookup and the partners' event feed (issue 7).
import * as z from 'zod/mini';
import { PARTNER_EVENT_CODES, TRACKING_EVENT_CODES, TRACKING_MILESTONES } from '../domain/tracking-events.ts';
import { PARTNER_EVENTS_MAX, TRACKING_NUMBER_MAX } from '../domain/limits.ts';
import { isPlaceName, PLACE_NAME_MAX } from '../domain/place-name.ts';
import { messages } from '../i18n/messages.ts';
import { documentActionMessages } from '../i18n/document-action-messages.ts';
import { serverMessages } from '../i18n/server-messages.ts';
import { endpoint } from './endpoint.ts';
import { numericIdParams, trackingNumberParams } from './params.ts';

const trackingNumber = z
  .string({ error: messages.trackingNumberRequired.id })
  .check(z.trim(), z.minLength(1, messages.trackingNumberRequired.id), z.maxLength(TRACKING_NUMBER_MAX, messages.tooLong.id), z.toUpperCase());
const postalCode = z.optional(z.string().check(z.trim(), z.maxLength(12, messages.tooLong.id)));

/**
 * GET /api/v1/shipments/track: `destination_zip` (or its short name `zip`), when given, must be the
 * shipment's postal code (case, spaces and dashes aside); a mismatch answers 404 like an unknown
 * number, so the lookup tells nothing about parcels one cannot name. Wrong postal codes for one
 * parcel are limited (429 with the field error on the postal code), whoever asks.
 */
export const trackQuerySchema = z.object({
  tracking_number: trackingNumber,
  destination_zip: postalCode,
  zip: postalCode,
});
export type TrackQuery = z.infer<typeof trackQuerySchema>;

/** One event as the tracking screen lists it: when, and its description in the caller's language. */
export const trackingEventSchema = z.object({
  /** ISO 8601 instant. */
  date: z.string(),
  name: z.string(),
  code: z.enum(TRACKING_EVENT_CODES),
  /**
   * Where it happened when the source says (a partner's depot or town); never a person or an
   * address. Null in the public lookup's `status` view.
   */
  location: z.nullable(z.string()),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** Without a bearer, or for someone else's shipment: only where to track it. */
export const publicTrackAnswerSchema = z.object({ tracking_link: z.string() });
export type PublicTrackAnswer = z.infer<typeof publicTrackAnswerSchema>;

/** With a bearer, for the caller's own shipment (an admin: every shipment). */
export const trackAnswerSchema = z.object({
  events: z.array(trackingEventSchema),
  tracking_link: z.string(),
  partner_name: z.nullable(z.string()),
});
export type TrackAnswer = z.infer<typeof trackAnswerSchema>;

/**
 * What the public lookup shows: `full` with the destination's postal code, to the owner and to
 * admins; `status` (the milestone and the events' times and descriptions) to anyone else, so that
 * walking the sequential tracking numbers tells nobody where parcels go or who delivers them.
 */
export const PUBLIC_TRACKING_VIEWS = ['full', 'status'] as const;
export type PublicTrackingView = (typeof PUBLIC_TRACKING_VIEWS)[number];

/**
 * GET /api/v1/tracking/{tracking_number}?zip: the public tracking page's timeline. Milestones and
 * events only: no names, addresses, phone numbers, references or contents. In the `status` view
 * the destination country, the partner, its page and the events' locations are null.
 */
export const publicTrackingQuerySchema = z.object({ zip: postalCode });
export const publicTrackingSchema = z.object({
  tracking_number: z.string(),
  view: z.enum(PUBLIC_TRACKING_VIEWS),
  /** Null in the `status` view. */
  destination_country: z.nullable(z.string()),
  /** The furthest milestone reached (null: none yet, e.g. a deleted shipment). */
  milestone: z.nullable(z.enum(TRACKING_MILESTONES)),
  deleted: z.boolean(),
  events: z.array(trackingEventSchema),
  /** Null in the `status` view. */
  partner_name: z.nullable(z.string()),
  /** The partner's own tracking page, when it has one (null in the `status` view). */
  partner_tracking_link: z.nullable(z.string()),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;

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

/** GET/PATCH /api/v1/admin/partners: the partners and their public tracking page template. */
export const partnerSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** `{tracking_number}` is replaced; null: the portal's own public tracking page. */
  tracking_url_template: z.nullable(z.string()),
});
export type Partner = z.infer<typeof partnerSchema>;
export const partnerListSchema = z.array(partnerSchema);

/** A partner's tracking page address: https, no spaces, with the `{tracking_number}` placeholder. */
export function isTrackingUrlTemplate(value: string): boolean {
  return /^https:\/\/[^\s]+$/.test(value) && value.includes('{tracking_number}');
}

const trackingUrlTemplate = z.string().check(z.trim(), z.maxLength(500, messages.tooLong.id), z.refine(isTrackingUrlTemplate, documentActionMessages.trackingTemplateInvalid.id));

export const partnerUpdateSchema = z.object({ tracking_url_template: z.nullable(trackingUrlTemplate) });

/** The edit form: an empty field means "no page of its own" (null). */
export const partnerFormSchema = z.object({ tracking_url_template: z.union([z.literal(''), trackingUrlTemplate]) });
export type PartnerForm = z.infer<typeof partnerFormSchema>;
export type PartnerUpdate = z.infer<typeof partnerUpdateSchema>;

/** Anyone: a stranger gets only where to track, the owner (or an admin) the events too. */
export const trackEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/shipments/track',
  access: 'public',
  companyData: { names: { query: { tracking_number: 'trackingNumber' } } },
  query: trackQuerySchema,
  answer: z.union([trackAnswerSchema, publicTrackAnswerSchema]),
});
/** The public tracking page's timeline: the same for everyone, never personal data. */
export const publicTrackingEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/tracking/:tracking_number',
  access: 'public',
  companyData: { names: { params: { tracking_number: 'trackingNumber' } } },
  params: trackingNumberParams,
  query: publicTrackingQuerySchema,
  answer: publicTrackingSchema,
});
/** The partners' signed event feed (README, "Partner event feed"). */
export const partnerEventsEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/partner/events',
  access: 'partner',
  companyData: 'none',
  body: partnerEventsSchema,
  answer: partnerEventsAnswerSchema,
});
export const partnerListEndpoint = endpoint({ method: 'GET', path: '/api/v1/admin/partners', access: 'admin', companyData: 'none', answer: partnerListSchema });
export const partnerUpdateEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/v1/admin/partners/:id',
  access: 'admin',
  companyData: 'none',
  params: numericIdParams,
  body: partnerUpdateSchema,
  answer: partnerSchema,
});
