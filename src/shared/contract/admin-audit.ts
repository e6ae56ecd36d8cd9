// The carrier's audit log as admins read it (issue 30): every entry, of every company and of none
// (the delivery network: partner keys, feeds, services, tracking page), filtered and paged like a
// company's history (admin-companies.ts), newest first.
import * as z from 'zod/mini';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_NO_COMPANY } from '../domain/audit.ts';
import { messages } from '../i18n/messages.ts';
import { auditEntrySchema } from './admin-companies.ts';
import { endpoint } from './endpoint.ts';
import { calendarDay } from './fields.ts';

export { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_NO_COMPANY, type AuditEntity } from '../domain/audit.ts';
export const AUDIT_LOG_PAGE = 50;
export const AUDIT_LOG_MAX = 100;

const count = (min: number, max: number) =>
  z.coerce.number({ error: messages.invalidValue.id }).check(z.int(messages.invalidValue.id), z.gte(min, messages.invalidValue.id), z.lte(max, messages.invalidValue.id));
const day = z.optional(calendarDay(messages.invalidValue.id));

/** GET /api/v1/admin/audit filters (all optional, combined with "and"); days are Europe/Bratislava calendar days, both included. */
export const auditLogQuerySchema = z
  .object({
    company: z.optional(z.union([z.literal(AUDIT_NO_COMPANY), z.uuid(messages.invalidValue.id)], { error: messages.invalidValue.id })),
    actor: z.optional(z.string().check(z.trim(), z.maxLength(200, messages.tooLong.id))),
    entity: z.optional(z.enum(AUDIT_ENTITIES, { error: messages.invalidValue.id })),
    action: z.optional(z.enum(AUDIT_ACTIONS, { error: messages.invalidValue.id })),
    from: day,
    to: day,
    skip: z._default(count(0, 1_000_000), 0),
    take: z._default(count(1, AUDIT_LOG_MAX), AUDIT_LOG_PAGE),
  })
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: messages.dateRangeInvalid.id, path: ['to'] }));
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
export type AuditLogFilters = z.output<typeof auditLogQuerySchema>;

/** An entry of the whole log: a company's history entry with the company it is filed under and the actor's login. */
export const auditLogEntrySchema = z.extend(auditEntrySchema, {
  /** Null: filed under no company (the carrier's network). */
  companyId: z.nullable(z.string()),
  /** Null when filed under no company, or the company no longer exists. */
  companyName: z.nullable(z.string()),
  /** The actor's sign-in name; null for the server itself or a client since deleted. */
  actorLogin: z.nullable(z.string()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export const auditLogSchema = z.object({ count: z.number(), entries: z.array(auditLogEntrySchema) });
export type AuditLog = z.infer<typeof auditLogSchema>;

/** Not in the spec: the audit log, newest first, `take` at a time from `skip`, with the filter's `count`. */
export const auditLogEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/audit',
  access: 'admin',
  companyData: 'caller',
  query: auditLogQuerySchema,
  answer: auditLogSchema,
});
