// Shipment reports (spec sections 3, 5 and 7, issue 16): POST /api/v1/admin/shipments/report answers
// packages.xlsx of the shipments created in a period. The one /admin/ route open to every signed-in
// client, for its own company (access `report`); the report form validates with the same schema.
import * as z from 'zod/mini';
import { COUNTRY_CODES, isCountryCode } from '../domain/countries.ts';
import { messages } from '../i18n/messages.ts';
import { isCalendarDay } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { reportFieldMessages } from '../i18n/report-messages.ts';

export const REPORT_TYPES = ['DAILY', 'MONTHLY'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The carrier's home time zone: report days are its calendar days. */
const TIME_ZONE = 'Europe/Bratislava';
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (yyyy-MM-dd) of `instant` in Europe/Bratislava. */
export function bratislavaDay(instant: Date): string {
  return dayFormat.format(instant);
}

/** `day` moved by `days` calendar days (yyyy-MM-dd in, yyyy-MM-dd out). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The latest days a report may name, at `now`: from_date today, to_date tomorrow (Bratislava). */
export function reportDayLimits(now: Date = new Date()): { maxFrom: string; maxTo: string } {
  const today = bratislavaDay(now);
  return { maxFrom: today, maxTo: addDays(today, 1) };
}

/** The first and last day of the month of `day`. */
export function monthOf(day: string): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return { from: `${day.slice(0, 7)}-01`, to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A yyyy-MM-dd day that exists; missing or anything else answers the spec's message. */
const reportDay = /* @__NO_SIDE_EFFECTS__ */ (message: string) => z.string({ error: message }).check(z.trim(), z.refine(isCalendarDay, message));

/**
 * The body (spec section 3 "Report filter"). DAILY covers from_date..to_date, both included;
 * MONTHLY the whole month of from_date (to_date is not needed and not used). from_date may be
 * today at the latest, to_date tomorrow (Bratislava days; the default period is today to
 * tomorrow). `company_id` absent, null or "" means the caller's own company (ADMIN: every
 * company); `countries` empty means every destination. Whether the caller may ask for MONTHLY
 * or another company is the server's check (it knows the caller).
 */
export const reportFilterSchema = z
  .object({
    type: z._default(z.enum(REPORT_TYPES, messages.invalidValue.id), 'DAILY'),
    from_date: reportDay(reportFieldMessages.fromDateInvalid.id),
    to_date: z.optional(z.nullable(reportDay(reportFieldMessages.toDateInvalid.id))),
    company_id: z.optional(
      z.nullable(
        z.string({ error: reportFieldMessages.companyInvalid.id }).check(
          z.trim(),
          z.refine((v) => v === '' || UUID.test(v), reportFieldMessages.companyInvalid.id),
        ),
      ),
    ),
    countries: z._default(
      z
        .array(z.string({ error: messages.invalidValue.id }).check(z.trim(), z.toUpperCase(), z.refine(isCountryCode, messages.invalidValue.id)))
        .check(z.maxLength(COUNTRY_CODES.length, messages.tooLong.id)),
      [],
    ),
  })
  .check(
    z.superRefine((filter, ctx) => {
      const { maxFrom, maxTo } = reportDayLimits();
      const from = isCalendarDay(filter.from_date) ? filter.from_date : null;
      if (from && from > maxFrom) ctx.addIssue({ code: 'custom', message: reportFieldMessages.fromDateFuture.id, path: ['from_date'], input: filter.from_date });
      if (filter.type !== 'DAILY') return;
      const to = filter.to_date;
      if (to === undefined || to === null) {
        ctx.addIssue({ code: 'custom', message: reportFieldMessages.toDateInvalid.id, path: ['to_date'], input: to });
        return;
      }
      if (!isCalendarDay(to)) return;
      if (to > maxTo) ctx.addIssue({ code: 'custom', message: reportFieldMessages.toDateFuture.id, path: ['to_date'], input: to });
      else if (from && to < from) ctx.addIssue({ code: 'custom', message: messages.dateRangeInvalid.id, path: ['to_date'], input: to });
    }),
  );
/** What the report form holds and a caller sends. */
export type ReportFilterInput = z.input<typeof reportFilterSchema>;
/** The validated filter. */
export type ReportFilter = z.output<typeof reportFilterSchema>;

/** The days a valid filter covers, both included: DAILY from..to, MONTHLY the month of from_date. */
export function reportPeriod(filter: Pick<ReportFilter, 'type' | 'from_date' | 'to_date'>): { from: string; to: string } {
  if (filter.type === 'MONTHLY') return monthOf(filter.from_date);
  return { from: filter.from_date, to: filter.to_date ?? filter.from_date };
}

/** The workbook (packages_{period}_{company}.xlsx): a sheet of the period's shipments and a summary sheet. No shipment: 404. */
export const reportEndpoint = endpoint({
  method: 'POST',
  limit: 'reports',
  path: '/api/v1/admin/shipments/report',
  access: 'report',
  companyData: { names: { body: { company_id: 'company' } } },
  body: reportFilterSchema,
  answer: 'file',
});
