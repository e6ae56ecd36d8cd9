// Whether an access token may still act: its client enabled and its session (refresh family) not
// ended. A disabled (or removed) client and a signed-out session are refused at once rather than
// when their 15-minute token expires, without a query per request:
// - a client's enabled state: one indexed lookup per client, remembered for `cacheMs`;
// - ended sessions: one set per instance of the families revoked within the last access-token
//   lifetime (older ones have no live token left), read again from the database every `cacheMs`.
// What this instance ends or changes applies at once (sessionsEnded, forget); what another
// instance did applies here within `cacheMs`.
import { eq, gt, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_SECONDS } from '#shared/domain/limits.ts';
import type { Db } from '#server/db/client.ts';
import { clients, refreshTokens } from '#server/db/schema.ts';
import type { SessionPrincipal } from './access-tokens.ts';
import type { SessionEndListener } from './refresh-tokens.ts';

/** How long an instance trusts what it last read: the longest a disabled client or ended session still acts on another instance. */
export const ACTIVE_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
/** An ended session is remembered this long: every token of it has expired by then (clock skew allowed for). */
const ENDED_KEEP_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;

export interface ActiveClients extends SessionEndListener {
  /** Whether the token's client is enabled and its session not ended. */
  allows(principal: SessionPrincipal): Promise<boolean>;
  /** Forgets what this instance read of a client (after a change made here, which may also have ended its sessions). */
  forget(clientId: string): void;
}

export function activeClients(db: Db, cacheMs = ACTIVE_CACHE_MS, now: () => number = Date.now): ActiveClients {
  const enabled = new Map<string, { active: boolean; until: number }>();
  /** Ended session -> until when it is kept. */
  const ended = new Map<string, number>();
  let endedReadAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;

  async function isEnabled(clientId: string): Promise<boolean> {
    const hit = enabled.get(clientId);
    if (hit && hit.until > now()) return hit.active;
    const [row] = await db.select({ enabled: clients.enabled }).from(clients).where(eq(clients.id, clientId));
    const active = row?.enabled === true;
    if (enabled.size >= MAX_ENTRIES) enabled.clear();
    if (cacheMs > 0) enabled.set(clientId, { active, until: now() + cacheMs });
    return active;
  }

  /** Adds the sessions ended since the last read (by any instance); merges, so nothing recorded here in between is lost. */
  async function readEnded(): Promise<void> {
    const startedAt = now();
    const rows = await db
      .selectDistinct({ familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(gt(refreshTokens.revokedAt, sql`now() - make_interval(secs => ${ENDED_KEEP_MS / 1000})`));
    for (const row of rows) {
      const until = (row.revokedAt?.getTime() ?? startedAt) + ENDED_KEEP_MS;
      if (until > (ended.get(row.familyId) ?? 0)) ended.set(row.familyId, until);
    }
    for (const [familyId, until] of ended) if (until <= startedAt) ended.delete(familyId);
    endedReadAt = startedAt;
  }

  async function isEnded(sessionId: string): Promise<boolean> {
    if (now() - endedReadAt >= cacheMs) {
      if (!reading) {
        const read = readEnded().finally(() => {
          if (reading === read) reading = null;
        });
        reading = read;
      }
      await reading;
    }
    return (ended.get(sessionId) ?? 0) > now();
  }

  return {
    async allows(principal) {
      const [active, sessionEnded] = await Promise.all([isEnabled(principal.clientId), isEnded(principal.sessionId)]);
      return active && !sessionEnded;
    },
    forget(clientId) {
      enabled.delete(clientId);
      // The change may have ended sessions in the database: read them again on the next request.
      endedReadAt = Number.NEGATIVE_INFINITY;
      reading = null;
    },
    sessionsEnded(familyIds) {
      const until = now() + ENDED_KEEP_MS;
      for (const familyId of familyIds) ended.set(familyId, until);
    },
  };
}
