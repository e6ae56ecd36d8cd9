// Short-lived signed access tokens (JWT, HS256) carrying the client, its company and role, and
// the session (refresh family, `sid`) they were issued for, so that ending it stops them too.
// A token's signature and claims are checked once per instance: what they say cannot change
// until the token expires, so a verified token is remembered until then (a browser sends the
// same token for up to 15 minutes). Whether its client and session may still act is asked on
// every request all the same (active-clients.ts). Unverifiable tokens are never remembered.
import { jwtVerify, SignJWT } from 'jose';
import { ROLES, type Role } from '#shared/domain/enums.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '#shared/domain/limits.ts';

export interface Principal {
  clientId: string;
  companyId: string;
  role: Role;
}

/** A principal as its access token names it: with the session it belongs to. */
export interface SessionPrincipal extends Principal {
  sessionId: string;
}

const ISSUER = 'parcel-portal';

export interface AccessTokens {
  sign(principal: SessionPrincipal): Promise<{ token: string; expiresIn: number }>;
  /** The token's principal, or null when it is not ours, expired, or names no session. */
  verify(token: string): Promise<SessionPrincipal | null>;
  /** The principal of a token verified here before and not expired since, without waiting; undefined when it must be verified. */
  known(token: string): SessionPrincipal | undefined;
  /**
   * The principal of a token of ours up to `graceSeconds` past its expiry, or null: only to end
   * its session (a sign-out queued offline presents the last access token it had, often expired).
   * Never for anything else: an expired token grants no access.
   */
  expiredSession(token: string, graceSeconds: number): Promise<SessionPrincipal | null>;
}

/** Verified tokens remembered at most (a few MB); the oldest is forgotten first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export function accessTokens(key: Uint8Array, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, now: () => number = Date.now): AccessTokens {
  /** Token -> its principal and when it expires (ms), oldest first. */
  const verified = new Map<string, { principal: SessionPrincipal; expiresAt: number }>();

  async function check(token: string, clockTolerance = 0): Promise<{ principal: SessionPrincipal; expiresAt: number } | null> {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: new Date(now()), clockTolerance });
      const role = payload.role;
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
      // Frozen: one object serves every request that carries the token.
      const principal = Object.freeze({ clientId: payload.sub, companyId: payload.cid, role: role as Role, sessionId: payload.sid });
      return { principal, expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
  }

  function known(token: string): SessionPrincipal | undefined {
    const hit = verified.get(token);
    // jose's test: a token expires at the second its `exp` names.
    if (hit && hit.expiresAt > now()) return hit.principal;
    if (hit) verified.delete(token);
    return undefined;
  }

  return {
    async sign(principal) {
      const token = await new SignJWT({ cid: principal.companyId, role: principal.role, sid: principal.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(principal.clientId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
      return { token, expiresIn: ttlSeconds };
    },
    known,
    async expiredSession(token, graceSeconds) {
      return (await check(token, graceSeconds))?.principal ?? null;
    },
    async verify(token) {
      const principal = known(token);
      if (principal) return principal;
      const checked = await check(token);
      if (!checked) return null;
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, checked);
      return checked.principal;
    },
  };
}
