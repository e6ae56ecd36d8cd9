// A partner's published pickup-point list, fetched by the server on a schedule (issue 15): an
// admin sets the https address, the format and how often; the job queue fetches it and imports
// it as an upload is imported (same per-partner format, same diff, same history). The last
// run's outcome is kept on the feed: the import it made, or why it made none.
import * as z from 'zod/mini';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { messages } from '../i18n/messages.ts';
import { POINT_DIRECTORY_FORMATS, pointDirectoryImportSchema } from './admin-pickup-points.ts';
import { endpoint } from './endpoint.ts';
import { numericIdParams } from './params.ts';

/** How often a feed may be fetched: hours that divide a day, so runs fall at the same hours daily. */
export const POINT_FEED_INTERVALS = [1, 2, 3, 4, 6, 8, 12, 24] as const;
export type PointFeedInterval = (typeof POINT_FEED_INTERVALS)[number];

export const POINT_FEED_URL_MAX = 2000;

/** An https address without credentials or spaces. */
export function isFeedUrl(value: string): boolean {
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export const pointFeedUpdateSchema = z.object({
  url: z
    .string({ error: messages.required.id })
    .check(z.trim(), z.minLength(1, messages.required.id), z.maxLength(POINT_FEED_URL_MAX, messages.tooLong.id), z.refine(isFeedUrl, am.feedUrlInvalid.id)),
  format: z.enum(POINT_DIRECTORY_FORMATS, { error: am.directoryFormatInvalid.id }),
  every_hours: z.literal(POINT_FEED_INTERVALS, { error: am.feedIntervalInvalid.id }),
  enabled: z.boolean({ error: messages.invalidValue.id }),
});
export type PointFeedUpdate = z.infer<typeof pointFeedUpdateSchema>;

/** The outcome of a run that imported nothing: the message (translated) and when. */
export const pointFeedErrorSchema = z.object({ message: z.string(), at: z.string() });

export const pointFeedSchema = z.object({
  partner_id: z.number(),
  partner_name: z.string(),
  url: z.string(),
  format: z.enum(POINT_DIRECTORY_FORMATS),
  every_hours: z.number(),
  enabled: z.boolean(),
  /** When the scheduler fetches it next (null: disabled). */
  next_run_at: z.nullable(z.string()),
  /** A fetch asked for with "fetch now" that has not run yet. */
  requested_at: z.nullable(z.string()),
  last_run_at: z.nullable(z.string()),
  /** The last run's import, when it made one. */
  last_import: z.nullable(pointDirectoryImportSchema),
  /** The last run's failure, when it made no import. */
  last_error: z.nullable(pointFeedErrorSchema),
});
export type PointFeed = z.infer<typeof pointFeedSchema>;

export const pointFeedsEndpoint = endpoint({ method: 'GET', path: '/api/v1/admin/pickup-points/feeds', access: 'admin', companyData: 'none', answer: z.array(pointFeedSchema) });
/** Creates or replaces the partner's feed. */
export const pointFeedUpdateEndpoint = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/partners/:id/point-feed',
  access: 'admin',
  companyData: 'none',
  params: numericIdParams,
  body: pointFeedUpdateSchema,
  answer: pointFeedSchema,
});
export const pointFeedDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/partners/:id/point-feed',
  access: 'admin',
  companyData: 'none',
  params: numericIdParams,
  answer: z.object({ message: z.string() }),
});
/** Queues a fetch now (202); the feed's `requested_at` stays set until the run has finished. */
export const pointFeedRunEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/partners/:id/point-feed/run',
  access: 'admin',
  companyData: 'none',
  params: numericIdParams,
  answer: pointFeedSchema,
  status: 202,
});
