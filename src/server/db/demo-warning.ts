// Demo data is for trying the portal: its accounts' secrets and its partner feed key are printed in
// the README. On the embedded database that is the point; on a PostgreSQL (a real installation)
// every start says loudly, until they are gone, which demo credentials still work there.
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { clients, partnerKeys } from './schema.ts';
import { DEMO_ACCOUNTS, DEMO_PARTNER_KEY } from './seed-demo.ts';

/** The demo credentials that still sign in on this database: enabled demo clients and the unrevoked demo feed key. */
export async function liveDemoCredentials(db: Db): Promise<string[]> {
  const logins = DEMO_ACCOUNTS.map((a) => a.clientId);
  const [accounts, keys] = await Promise.all([
    db
      .select({ clientId: clients.clientId })
      .from(clients)
      .where(and(inArray(sql`lower(${clients.clientId})`, logins), sql`${clients.enabled}`)),
    db
      .select({ id: partnerKeys.id })
      .from(partnerKeys)
      .where(and(inArray(partnerKeys.id, [DEMO_PARTNER_KEY.id]), isNull(partnerKeys.revokedAt))),
  ]);
  return [...accounts.map((a) => a.clientId).sort(), ...keys.map((k) => `partner feed key ${k.id}`)];
}

/**
 * The warning to log at start, or null: none on the embedded database; on PostgreSQL one naming
 * every demo credential that still works and how to end them.
 */
export async function demoDataWarning(db: Db, embedded: boolean): Promise<string | null> {
  if (embedded) return null;
  const live = await liveDemoCredentials(db);
  if (live.length === 0) return null;
  return [
    `DEMO DATA ON THIS DATABASE: ${live.join(', ')} still work, and their secrets are public (README, demo accounts).`,
    `Never run an installation like this. End them: UPDATE clients SET enabled = false WHERE lower(client_id) IN (${DEMO_ACCOUNTS.map((a) => `'${a.clientId}'`).join(', ')});`,
    `UPDATE partner_keys SET revoked_at = now() WHERE id = '${DEMO_PARTNER_KEY.id}'; (or start from an empty database without SEED_DEMO).`,
  ].join(' ');
}
