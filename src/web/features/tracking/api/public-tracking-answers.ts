// The public tracking answers read as their contract schemas read them (shared/contract/
// tracking.ts: publicTrackingSchema, publicTrackAnswerSchema), without zod: the light public app
// would otherwise download zod (~10 KB gzipped) for two answers. public-tracking-answers.test.ts
// holds each reader to its schema's answers (what passes, what fails, what comes out).
import type { PublicTracking, PublicTrackAnswer, TrackingEvent } from '#shared/contract/tracking.ts';
import { TRACKING_EVENT_CODES, TRACKING_MILESTONES } from '#shared/domain/tracking-events.ts';

const PUBLIC_TRACKING_VIEWS: ReadonlyArray<PublicTracking['view']> = ['full', 'status'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

function readEvent(value: unknown): TrackingEvent | null {
  if (!isObject(value)) return null;
  const { date, name, code, location } = value;
  if (!isString(date) || !isString(name) || !isOneOf(TRACKING_EVENT_CODES, code) || !isNullableString(location)) return null;
  return { date, name, code, location };
}

/** GET /api/v1/tracking/{tracking_number}: the timeline, or null when the answer is not of its shape. */
export function readPublicTracking(json: unknown): PublicTracking | null {
  if (!isObject(json)) return null;
  const { tracking_number, view, destination_country, milestone, deleted, events, partner_name, partner_tracking_link } = json;
  if (!isString(tracking_number) || !isOneOf(PUBLIC_TRACKING_VIEWS, view) || !isNullableString(destination_country)) return null;
  if (!(milestone === null || isOneOf(TRACKING_MILESTONES, milestone)) || typeof deleted !== 'boolean' || !Array.isArray(events)) return null;
  if (!isNullableString(partner_name) || !isNullableString(partner_tracking_link)) return null;
  const read: TrackingEvent[] = [];
  for (const event of events) {
    const one = readEvent(event);
    if (!one) return null;
    read.push(one);
  }
  return { tracking_number, view, destination_country, milestone, deleted, events: read, partner_name, partner_tracking_link };
}

/** GET /api/v1/shipments/track without a bearer: where to track, or null when the answer is not of its shape. */
export function readPublicTrackAnswer(json: unknown): PublicTrackAnswer | null {
  return isObject(json) && isString(json.tracking_link) ? { tracking_link: json.tracking_link } : null;
}
