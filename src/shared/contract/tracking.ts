// Tracking (spec sections 2, 3 "Tracking result" and 7 "GET /api/v1/shipments/track"), the public
// tracking page's lookup and the partners' event feed (issue 7).
import * as z from 'zod/mini';
import { TRACKING_EVENT_CODES, TRACKING_MILESTONES } from '../domain/tracking-events.ts';
import { TRACKING_NUMBER_MAX } from '../domain/limits.ts';
import { messages } from '../i18n/messages.ts';
import { documentActionMessages } from '../i18n/document-action-messages.ts';
import { endpoint } from './endpoint.ts';
import { numericIdParams, trackingNumberParams } from './params.ts';
import { PUBLIC_TRACKING_PATH, TRACK_PATH } from './tracking-paths.ts';

export const trackingNumber = z
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
  path: TRACK_PATH,
  access: 'public',
  companyData: { names: { query: { tracking_number: 'trackingNumber' } } },
  query: trackQuerySchema,
  answer: z.union([trackAnswerSchema, publicTrackAnswerSchema]),
});
/** The public tracking page's timeline: the same for everyone, never personal data. */
export const publicTrackingEndpoint = endpoint({
  method: 'GET',
  path: PUBLIC_TRACKING_PATH,
  access: 'public',
  companyData: { names: { params: { tracking_number: 'trackingNumber' } } },
  params: trackingNumberParams,
  query: publicTrackingQuerySchema,
  answer: publicTrackingSchema,
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
