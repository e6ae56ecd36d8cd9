// Delivery partners' feed keys: created and revoked by `npm run partner:key`, read by the feed.
// The secret is stored as it is because the server must compute the same HMAC (see schema.ts).
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { partnerKeys, partners } from '#server/db/schema.ts';

export interface PartnerKeyOwner {
  keyId: string;
  partnerId: number;
  partnerCode: string;
  secret: string;
}

/** A key that is not revoked, with its partner; null for an unknown or revoked id. */
export async function findActiveKey(db: Db, keyId: string): Promise<PartnerKeyOwner | null> {
  const [row] = await db
    .select({ keyId: partnerKeys.id, partnerId: partnerKeys.partnerId, partnerCode: partners.code, secret: partnerKeys.secret })
    .from(partnerKeys)
    .innerJoin(partners, eq(partners.id, partnerKeys.partnerId))
    .where(and(eq(partnerKeys.id, keyId), isNull(partnerKeys.revokedAt)));
  return row ?? null;
}

export const newKeyId = () => `pk_${randomBytes(12).toString('hex')}`;
/** 32 random bytes, base64url: the text is the HMAC key. */
export const newKeySecret = () => randomBytes(32).toString('base64url');

/** A new key for the partner with this code (any case); null when there is no such partner. */
export async function createPartnerKey(db: Db, partnerCode: string, key = { id: newKeyId(), secret: newKeySecret() }) {
  const [partner] = await db.select({ id: partners.id, code: partners.code, name: partners.name }).from(partners).where(eq(partners.code, partnerCode.toUpperCase()));
  if (!partner) return null;
  await db.insert(partnerKeys).values({ id: key.id, partnerId: partner.id, secret: key.secret });
  return { ...key, partner };
}

/** Revokes a key at once; false when it is unknown or already revoked. */
export async function revokePartnerKey(db: Db, keyId: string): Promise<boolean> {
  const revoked = await db
    .update(partnerKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(partnerKeys.id, keyId), isNull(partnerKeys.revokedAt)))
    .returning({ id: partnerKeys.id });
  return revoked.length > 0;
}

/** Every key without its secret, for `partner:key -- --list`. */
export async function listPartnerKeys(db: Db) {
  return db
    .select({ id: partnerKeys.id, partner: partners.code, createdAt: partnerKeys.createdAt, revokedAt: partnerKeys.revokedAt })
    .from(partnerKeys)
    .innerJoin(partners, eq(partners.id, partnerKeys.partnerId))
    .orderBy(asc(partnerKeys.createdAt), asc(partnerKeys.id));
}

/** A key as the admins' network page shows it: never its secret. */
export interface PartnerKeyRow {
  id: string;
  createdAt: Date;
  revokedAt: Date | null;
}

const keyColumns = { id: partnerKeys.id, createdAt: partnerKeys.createdAt, revokedAt: partnerKeys.revokedAt };

/** One partner's keys without their secrets, newest first. */
export async function partnerKeysOf(db: Db, partnerId: number): Promise<PartnerKeyRow[]> {
  return db.select(keyColumns).from(partnerKeys).where(eq(partnerKeys.partnerId, partnerId)).orderBy(desc(partnerKeys.createdAt), desc(partnerKeys.id));
}

/** A new key for the partner with this id (which must exist): the secret is answered once. */
export async function insertPartnerKey(db: Db, partnerId: number): Promise<PartnerKeyRow & { secret: string }> {
  const [created] = await db
    .insert(partnerKeys)
    .values({ id: newKeyId(), partnerId, secret: newKeySecret() })
    .returning({ ...keyColumns, secret: partnerKeys.secret });
  if (!created) throw new Error('partner key not inserted');
  return created;
}

/**
 * Revokes one of this partner's keys at once (the feed reads only keys without revokedAt); null
 * when the key is unknown, another partner's or already revoked.
 */
export async function revokeKeyOfPartner(db: Db, partnerId: number, keyId: string): Promise<PartnerKeyRow | null> {
  const [revoked] = await db
    .update(partnerKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(partnerKeys.id, keyId), eq(partnerKeys.partnerId, partnerId), isNull(partnerKeys.revokedAt)))
    .returning(keyColumns);
  return revoked ?? null;
}
