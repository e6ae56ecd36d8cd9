// The delivery network page: the partners with their counts, and their feed keys. Every change
// and its audit entry commit in one transaction; a key's secret is answered once, never logged.
import { asc, count, eq, isNull } from 'drizzle-orm';
import type { NetworkPartner, PartnerKey } from '#shared/contract/admin-network.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import type { Db } from '#server/db/client.ts';
import { partnerKeys, partners, partnerServices, pickupPoints } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { recordAudit } from '../audit/public.ts';
import { insertPartnerKey, partnerKeysOf, revokeKeyOfPartner, type PartnerKeyRow } from '../tracking/public.ts';

export const partnerNotFound = () => new ApiError(404, 'not_found', am.partnerNotFound);

/**
 * The partner row, or 404. `lock` holds it until the transaction ends, so that two admins
 * editing the same partner's services or keys take turns.
 */
export async function existingPartner(db: Db, partnerId: number, lock = false): Promise<{ id: number; name: string }> {
  const query = db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.id, partnerId));
  const [partner] = lock ? await query.for('update') : await query;
  if (!partner) throw partnerNotFound();
  return partner;
}

/** Counts per partner id from a grouped query. */
function countsById(rows: Array<{ partnerId: number; value: number }>): Map<number, number> {
  return new Map(rows.map((row) => [row.partnerId, row.value]));
}

export async function listNetworkPartners(db: Db): Promise<NetworkPartner[]> {
  // Four small grouped reads merged here: the partner table has a handful of rows.
  const [rows, services, keys, points] = await Promise.all([
    db
      .select({ id: partners.id, code: partners.code, name: partners.name, priority: partners.priority, tracking_url_template: partners.trackingUrlTemplate })
      .from(partners)
      .orderBy(asc(partners.id)),
    db.select({ partnerId: partnerServices.partnerId, value: count() }).from(partnerServices).groupBy(partnerServices.partnerId),
    db.select({ partnerId: partnerKeys.partnerId, value: count() }).from(partnerKeys).where(isNull(partnerKeys.revokedAt)).groupBy(partnerKeys.partnerId),
    db.select({ partnerId: pickupPoints.partnerId, value: count() }).from(pickupPoints).where(eq(pickupPoints.active, true)).groupBy(pickupPoints.partnerId),
  ]);
  const serviceCounts = countsById(services);
  const keyCounts = countsById(keys);
  const pointCounts = countsById(points);
  return rows.map((row) => ({
    ...row,
    service_count: serviceCounts.get(row.id) ?? 0,
    active_key_count: keyCounts.get(row.id) ?? 0,
    active_point_count: pointCounts.get(row.id) ?? 0,
  }));
}

const keyAnswer = (key: PartnerKeyRow): PartnerKey => ({
  id: key.id,
  created_at: key.createdAt.toISOString(),
  revoked_at: key.revokedAt ? key.revokedAt.toISOString() : null,
});

export async function listPartnerKeys(db: Db, partnerId: number): Promise<PartnerKey[]> {
  await existingPartner(db, partnerId);
  return (await partnerKeysOf(db, partnerId)).map(keyAnswer);
}

/** A new feed key; the network's change, so it is filed under no company. */
export async function createPartnerKey(db: Db, actor: Principal, partnerId: number): Promise<{ id: string; secret: string; created_at: string }> {
  return db.transaction(async (tx) => {
    await existingPartner(tx, partnerId, true);
    const key = await insertPartnerKey(tx, partnerId);
    const created_at = key.createdAt.toISOString();
    // The secret stays out of the log: only the key id and when.
    await recordAudit(tx, { actor, companyId: null, entity: 'partner', entityId: String(partnerId), action: 'create', after: { key_id: key.id, created_at } });
    return { id: key.id, secret: key.secret, created_at };
  });
}

/** Revokes a key of this partner; the feed refuses it from the next request on. */
export async function revokePartnerKey(db: Db, actor: Principal, partnerId: number, keyId: string): Promise<PartnerKey> {
  return db.transaction(async (tx) => {
    await existingPartner(tx, partnerId, true);
    const revoked = await revokeKeyOfPartner(tx, partnerId, keyId);
    if (!revoked) throw new ApiError(404, 'not_found', am.partnerKeyNotFound);
    const answer = keyAnswer(revoked);
    await recordAudit(tx, {
      actor,
      companyId: null,
      entity: 'partner',
      entityId: String(partnerId),
      action: 'update',
      before: { key_id: revoked.id, revoked_at: null },
      after: { key_id: revoked.id, revoked_at: answer.revoked_at },
    });
    return answer;
  });
}
