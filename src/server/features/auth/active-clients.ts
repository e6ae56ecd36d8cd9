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
  /** The same from what this instance knows and still trusts, without waiting; undefined when it must ask the database. */
  allowsNow(principal: SessionPrincipal): boolean | undefined;
  /** Forgets what this instance read of a client (after a change made here, which may also have ended its sessions). */
  forget(clientId: string): void;
}

export function activeClients(db: Db, cacheMs = ACTIVE_CACHE_MS, now: () => number = Date.now): ActiveClients {
  const enabled = new Map<string, { active: boolean; until: number }>();
  /** A client's lookup under way: the requests that arrive meanwhile wait for it rather than ask again. */
  const looking = new Map<string, Promise<boolean>>();
  /** Ended session -> until when it is kept. */
  const ended = new Map<string, number>();
  let endedReadAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;

  /** Counts forget() calls: a read that started before one is not kept as fresh. */
  let generation = 0;

  function isEnabled(clientId: string): Promise<boolean> {
    const pending = looking.get(clientId);
    if (pending) return pending;
    const startedIn = generation;
    const lookup = db
      .select({ enabled: clients.enabled })
      .from(clients)
      .where(eq(clients.id, clientId))
      .then(([row]) => {
        const active = row?.enabled === true;
        if (enabled.size >= MAX_ENTRIES) enabled.clear();
        if (cacheMs > 0 && startedIn === generation) enabled.set(clientId, { active, until: now() + cacheMs });
        return active;
      })
      .finally(() => {
        if (looking.get(clientId) === lookup) looking.delete(clientId);
      });
    looking.set(clientId, lookup);
    return lookup;
  }

  /** Adds the sessions ended since the last read (by any instance); merges, so nothing recorded here in between is lost. */
  async function readEnded(): Promise<void> {
    const startedAt = now();
    const startedIn = generation;
    const rows = await db
      .selectDistinct({ familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(gt(refreshTokens.revokedAt, sql`now() - make_interval(secs => ${ENDED_KEEP_MS / 1000})`));
    for (const row of rows) {
      const until = (row.revokedAt?.getTime() ?? startedAt) + ENDED_KEEP_MS;
      if (until > (ended.get(row.familyId) ?? 0)) ended.set(row.familyId, until);
    }
    for (const [familyId, until] of ended) if (until <= startedAt) ended.delete(familyId);
    if (startedIn === generation) endedReadAt = startedAt;
  }

  async function readEndedOnce(): Promise<void> {
    if (!reading) {
      const read = readEnded().finally(() => {
        if (reading === read) reading = null;
      });
      reading = read;
    }
    await reading;
  }

  const isEnded = (sessionId: string) => (ended.get(sessionId) ?? 0) > now();

  function allowsNow(principal: SessionPrincipal): boolean | undefined {
    const at = now();
    const hit = enabled.get(principal.clientId);
    if (hit === undefined || hit.until <= at || at - endedReadAt >= cacheMs) return undefined;
    return hit.active && !isEnded(principal.sessionId);
  }

  return {
    allowsNow,
    allows(principal) {
      const known = allowsNow(principal);
      if (known !== undefined) return Promise.resolve(known);
      const at = now();
      const hit = enabled.get(principal.clientId);
      const knowsClient = hit !== undefined && hit.until > at;
      const knowsEnded = at - endedReadAt < cacheMs;
      return Promise.all([knowsClient ? hit.active : isEnabled(principal.clientId), knowsEnded ? undefined : readEndedOnce()]).then(
        ([active]) => active && !isEnded(principal.sessionId),
      );
    },
    forget(clientId) {
      generation++;
      enabled.delete(clientId);
      // A lookup under way may have read the client before the change: later requests ask anew.
      looking.delete(clientId);
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
