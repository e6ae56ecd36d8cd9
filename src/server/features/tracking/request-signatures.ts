// Replay protection of the partner feed: every accepted signature is kept until its timestamp
// leaves the window (after that the timestamp check refuses the request anyway); the retention
// job (jobs/retention.ts) deletes it then, once per interval for every instance.
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
