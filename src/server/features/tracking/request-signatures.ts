// Replay protection of the partner feed: every accepted signature is kept until its timestamp
// leaves the window (after that the timestamp check refuses the request anyway).
import { lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { partnerRequestSignatures } from '#server/db/schema.ts';

/** True when the signature is new (now remembered); false when it was seen before. */
export async function rememberSignature(db: Db, signatureHex: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(partnerRequestSignatures)
    .values({ signature: signatureHex, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: partnerRequestSignatures.signature });
  return inserted.length > 0;
}

export async function purgeExpiredSignatures(db: Db): Promise<void> {
  await db.delete(partnerRequestSignatures).where(lt(partnerRequestSignatures.expiresAt, sql`now()`));
}

/** Purges at most once per `intervalMs` (per server instance): the feed calls it on every request. */
export function signaturePurger(db: Db, intervalMs = 60_000): () => Promise<void> {
  let last = 0;
  return async () => {
    const now = Date.now();
    if (now - last < intervalMs) return;
    last = now;
    await purgeExpiredSignatures(db);
  };
}
