// The depot's scan page calls (spec section 7 "admin/shipments/parcel-status", issue 7).
import * as z from 'zod/mini';
import { PARCEL_STATUS_UPDATES, SHIPMENT_STATUSES } from '../domain/enums.ts';
import { PARCEL_STATUS_MAX_IDS, TRACKING_NUMBER_MAX } from '../domain/limits.ts';
import { SCAN_OUTCOMES } from '../domain/parcel-status-rules.ts';
import { messages } from '../i18n/messages.ts';
import { documentActionMessages } from '../i18n/document-action-messages.ts';
import { calendarDay } from './fields.ts';
import { endpoint } from './endpoint.ts';

/**
 * POST /api/v1/admin/shipments/parcel-status: `parcels_id` are tracking or item numbers.
 * `scanned_at` (issue 7) is when the depot scanned them: a tablet that was offline sends its scans
 * later, and the events keep the scan's time. Without it the server's time counts. With an
 * Idempotency-Key the same request is applied once however often it is sent.
 */
export const parcelStatusUpdateSchema = z.object({
  status: z.enum(PARCEL_STATUS_UPDATES, messages.invalidValue.id),
  parcels_id: z
    .array(z.string().check(z.trim(), z.minLength(1, messages.required.id), z.maxLength(TRACKING_NUMBER_MAX, messages.tooLong.id), z.toUpperCase()))
    .check(z.minLength(1, documentActionMessages.parcelIdsRequired.id), z.maxLength(PARCEL_STATUS_MAX_IDS, messages.tooLong.id)),
  scanned_at: z.optional(z.iso.datetime({ offset: true, error: messages.invalidValue.id })),
});
export type ParcelStatusUpdateRequest = z.infer<typeof parcelStatusUpdateSchema>;

/** One answer per distinct id, in the order sent; `status` is the parcel's status after the scan. */
export const parcelStatusResultSchema = z.object({
  parcel_id: z.string(),
  result: z.enum(SCAN_OUTCOMES),
  status: z.nullable(z.enum(SHIPMENT_STATUSES)),
  item_number: z.nullable(z.string()),
});
export type ParcelStatusResult = z.infer<typeof parcelStatusResultSchema>;

export const parcelStatusAnswerSchema = z.object({
  updated: z.number(),
  results: z.array(parcelStatusResultSchema),
});
export type ParcelStatusAnswer = z.infer<typeof parcelStatusAnswerSchema>;

const day = calendarDay(messages.required.id);

/**
 * GET /api/v1/admin/shipments/parcel-status: packages.xlsx of the parcels scanned (ARRIVED or SENT)
 * from dateFrom to dateTo inclusive (calendar days in Europe/Bratislava), optionally only one
 * `barcode` (tracking or item number). None found answers 404.
 */
export const parcelStatusExportQuerySchema = z
  .object({
    dateFrom: day,
    dateTo: day,
    barcode: z.optional(z.string().check(z.trim(), z.maxLength(TRACKING_NUMBER_MAX, messages.tooLong.id), z.toUpperCase())),
  })
  .check(z.refine((q) => q.dateFrom <= q.dateTo, { message: messages.dateRangeInvalid.id, path: ['dateTo'] }));
export type ParcelStatusExportQuery = z.infer<typeof parcelStatusExportQuerySchema>;

/** Depot scans: idempotent by key, the tablet's queue resends until it has an answer. */
export const parcelStatusUpdateEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/shipments/parcel-status',
  access: 'admin',
  companyData: { names: { body: { parcels_id: 'trackingNumber' } } },
  idempotent: true,
  body: parcelStatusUpdateSchema,
  answer: parcelStatusAnswerSchema,
});
/** packages.xlsx */
export const parcelStatusExportEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/shipments/parcel-status',
  access: 'admin',
  companyData: { names: { query: { barcode: 'trackingNumber' } } },
  query: parcelStatusExportQuerySchema,
  answer: 'file',
});
