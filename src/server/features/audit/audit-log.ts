// The audit log of admin changes (schema `audit_log`): written in the transaction of the change,
// so a change and its record commit or roll back together. Secrets never enter it.
import { and, count, desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '#shared/contract/admin-companies.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog, clients } from '#server/db/schema.ts';
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
  entity: 'company' | 'product' | 'bank_account' | 'pickup_address' | 'partner_assignment' | 'client' | 'partner' | 'webhook';
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
