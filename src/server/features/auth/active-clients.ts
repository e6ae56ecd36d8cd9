// Whether an access token's client may still act: a disabled (or removed) client is refused at
// once rather than when its 15-minute token expires. One indexed lookup per client, remembered
// for a few seconds per instance, so a busy client costs one query every ACTIVE_CACHE_MS.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';

/** How long an instance trusts what it last read: the longest a disabled client still acts. */
export const ACTIVE_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface ActiveClients {
  isActive(clientId: string): Promise<boolean>;
  /** Forgets what this instance read (after a change made here). */
  forget(clientId: string): void;
}

export function activeClients(db: Db, cacheMs = ACTIVE_CACHE_MS, now: () => number = Date.now): ActiveClients {
  const cache = new Map<string, { active: boolean; until: number }>();
  return {
    async isActive(clientId) {
      const hit = cache.get(clientId);
      if (hit && hit.until > now()) return hit.active;
      const [row] = await db.select({ enabled: clients.enabled }).from(clients).where(eq(clients.id, clientId));
      const active = row?.enabled === true;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      if (cacheMs > 0) cache.set(clientId, { active, until: now() + cacheMs });
      return active;
    },
    forget(clientId) {
      cache.delete(clientId);
    },
  };
}
