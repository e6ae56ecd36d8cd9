// The audit log of admin changes (schema `audit_log`): written in the transaction of the change,
// so a change and its record commit or roll back together. Secrets never enter it.
import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntity, AuditLog, AuditLogFilters } from '#shared/contract/admin-audit.ts';
import { AUDIT_NO_COMPANY } from '#shared/contract/admin-audit.ts';
import type { AuditEntry } from '#shared/contract/admin-companies.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog, clients, companies } from '#server/db/schema.ts';
import type { Principal } from '../auth/public.ts';

export type AuditAction = 'create' | 'update' | 'delete';
type Fields = Record<string, unknown>;

/** Keys that never go into the log, whatever record they come with. */
const SECRET_KEYS = new Set(['secret', 'secretHash', 'password', 'clientSecret', 'client_secret', 'tokenHash']);

function withoutSecrets(fields: Fields | null | undefined): Fields | null {
  if (!fields) return null;
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/** For an update: only the fields that changed, before and after. */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

export interface AuditRecord {
  /** Null: the server itself (a scheduled job). */
  actor: Principal | null;
  /** The company whose history shows the change (null: the carrier's network, e.g. partner priorities). */
  companyId: string | null;
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  before?: Fields | null;
  after?: Fields | null;
}

export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actor?.clientId ?? null,
    companyId: record.companyId,
    entity: record.entity,
    entityId: record.entityId,
    action: record.action,
    before: withoutSecrets(record.before),
    after: withoutSecrets(record.after),
  });
}

/** A company's history, newest first, with the acting admin's name. */
export async function companyHistory(db: Db, companyId: string, page: { skip: number; take: number }): Promise<{ count: number; entries: AuditEntry[] }> {
  const where = and(eq(auditLog.companyId, companyId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actor: clients.name })
      .from(auditLog)
      .leftJoin(clients, eq(clients.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(page.take)
      .offset(page.skip),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    count: total?.value ?? 0,
    entries: rows.map(({ entry, actor }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor,
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action as AuditAction,
      before: entry.before,
      after: entry.after,
    })),
  };
}

/** Days of the filters are calendar days here (as the shipment list's and the exports'). */
const TIME_ZONE = 'Europe/Bratislava';

/** `%value%` for ILIKE, with its own wildcards in the value taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function logFilters(q: AuditLogFilters): SQL[] {
  const where: SQL[] = [];
  if (q.company === AUDIT_NO_COMPANY) where.push(isNull(auditLog.companyId));
  else if (q.company) where.push(eq(auditLog.companyId, q.company));
  if (q.actor) where.push(or(ilike(clients.name, contains(q.actor)), ilike(clients.clientId, contains(q.actor)))!);
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.from) where.push(gte(auditLog.at, sql`(${q.from}::date::timestamp at time zone ${TIME_ZONE})`));
  if (q.to) where.push(lt(auditLog.at, sql`((${q.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`));
  return where;
}

/**
 * The whole log for the carrier's admins, newest first: every company's entries and those filed
 * under none (partner keys, feeds, services, tracking pages), with the company's name and the
 * actor's name and login; `count` is the filter's total.
 */
export async function auditLogPage(db: Db, q: AuditLogFilters): Promise<AuditLog> {
  const where = and(...logFilters(q));
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actor: clients.name, actorLogin: clients.clientId, companyName: companies.name })
      .from(auditLog)
      .leftJoin(clients, eq(clients.id, auditLog.actorId))
      .leftJoin(companies, eq(companies.id, auditLog.companyId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.take)
      .offset(q.skip),
    q.actor
      ? db.select({ value: count() }).from(auditLog).leftJoin(clients, eq(clients.id, auditLog.actorId)).where(where)
      : db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    count: total?.value ?? 0,
    entries: rows.map(({ entry, actor, actorLogin, companyName }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor,
      actorLogin,
      companyId: entry.companyId,
      companyName,
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action as AuditAction,
      before: entry.before,
      after: entry.after,
    })),
  };
}
