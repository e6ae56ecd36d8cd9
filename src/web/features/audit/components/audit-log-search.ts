// The audit log's filters as URL search params, so a reload or a shared link keeps them. A value
// that does not fit (an old link, a hand-edited URL) is dropped rather than failing the page.
// Plain checks rather than the contract's zod schema: the route's search validation is part of the
// app's first load.
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_NO_COMPANY, type AuditAction, type AuditEntity } from '#shared/domain/audit.ts';
import type { AuditLogFilters } from '../api/get-audit-log.ts';

export interface AuditLogSearch {
  /** A company's id, or `none`: the entries filed under no company. */
  company?: string | undefined;
  actor?: string | undefined;
  entity?: AuditEntity | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined => (list as readonly unknown[]).includes(value) ? (value as T) : undefined;
const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);

/** The route's validateSearch. */
export function validateAuditSearch(search: Record<string, unknown>): AuditLogSearch {
  const company = typeof search.company === 'string' && (search.company === AUDIT_NO_COMPANY || UUID.test(search.company)) ? search.company : undefined;
  const actor = typeof search.actor === 'string' || typeof search.actor === 'number' ? String(search.actor).trim().slice(0, 200) : undefined;
  return compactAuditSearch({ company, actor, entity: oneOf(AUDIT_ENTITIES, search.entity), action: oneOf(AUDIT_ACTIONS, search.action), from: day(search.from), to: day(search.to) });
}

/** The search without empty values, for a clean URL. */
export function compactAuditSearch(search: AuditLogSearch): AuditLogSearch {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== '')) as AuditLogSearch;
}

/** What the list asks the server for; a range whose end is before its start is asked as given (the server says so). */
export function filtersFromAuditSearch(search: AuditLogSearch): AuditLogFilters {
  return compactAuditSearch(search);
}
