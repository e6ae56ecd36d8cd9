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
import { keptReads } from '#server/kept-reads.ts';

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
  const kept = keptReads<Profile>(ttlMs, now);
  return {
    read: (principal) => kept.get(principal.clientId, () => readProfile(db, principal)),
    forget: (clientId) => kept.forget(clientId),
    forgetAll: () => kept.forgetAll(),
  };
}
