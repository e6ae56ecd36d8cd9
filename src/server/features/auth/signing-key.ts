// The access-token signing key: TOKEN_SIGNING_KEY when set, else one generated once and kept in
// the database so that every instance on the same database signs and verifies alike.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema.ts';

const KEY = 'token_signing_key';

export async function resolveSigningKey(db: Db, fromEnv: string | undefined): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  await db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  if (!row) throw new Error('token signing key could not be stored');
  return new TextEncoder().encode(row.value);
}
