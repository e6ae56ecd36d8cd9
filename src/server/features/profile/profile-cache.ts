// The profiles this instance has read lately (GET /api/v1/profile is asked on every signed-in
// start and was one database query each: on PGlite, which answers one query at a time, ~470
// answers a second under 100 connections). A profile changes rarely, and only through:
// - the client itself (POST /api/v1/profile): forgotten here at once (`forget`);
// - an administrator (the client's details, its company's name and address): every profile is
//   forgotten here at once when an admin's write succeeds on this instance (`forgetOnAdminWrites`,
//   http/admin-writes.ts);
// - either of them on another instance: seen here within `ttlMs` (5 s, the bound a disabled
//   client or an ended session has on another instance too, active-clients.ts).
// Signed-out or disabled clients never reach the route (the auth plugin refuses them first).
import type { Profile } from '#shared/contract/profile.ts';
import type { ForgetsAll } from '#server/http/admin-writes.ts';
import type { Db } from '#server/db/client.ts';
import type { Principal } from '../auth/public.ts';
import { readProfile } from './account.service.ts';

/** Profiles kept at most; all are forgotten when it is reached (a read costs one query). */
const MAX_ENTRIES = 10_000;

export interface ProfileCache extends ForgetsAll {
  /** The client's profile: as read within `ttlMs`, else from the database. */
  read(principal: Principal): Promise<Profile>;
  /** Forgets one client's profile (after a change made here). */
  forget(clientId: string): void;
  /** Forgets every profile (after an administrator's change made here). */
  forgetAll(): void;
}

/** `ttlMs`: how long a profile read here is trusted (ACTIVE_CACHE_MS in production; 0 keeps none). */
export function profileCache(db: Db, ttlMs: number, now: () => number = Date.now): ProfileCache {
  const kept = new Map<string, { profile: Profile; until: number }>();
  /** A read under way: requests for the same client meanwhile wait for it instead of asking again. */
  const reading = new Map<string, Promise<Profile>>();
  /** Counts forgets: a read that started before one is answered but not kept. */
  let generation = 0;

  return {
    read(principal) {
      const hit = kept.get(principal.clientId);
      if (hit && hit.until > now()) return Promise.resolve(hit.profile);
      const pending = reading.get(principal.clientId);
      if (pending) return pending;
      const startedIn = generation;
      const read = readProfile(db, principal)
        .then((profile) => {
          if (ttlMs > 0 && startedIn === generation) {
            if (kept.size >= MAX_ENTRIES) kept.clear();
            kept.set(principal.clientId, { profile, until: now() + ttlMs });
          }
          return profile;
        })
        .finally(() => {
          if (reading.get(principal.clientId) === read) reading.delete(principal.clientId);
        });
      reading.set(principal.clientId, read);
      return read;
    },
    forget(clientId) {
      generation++;
      kept.delete(clientId);
      reading.delete(clientId);
    },
    forgetAll() {
      generation++;
      kept.clear();
      reading.clear();
    },
  };
}
