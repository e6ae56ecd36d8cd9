// Short-lived signed access tokens (JWT, HS256) carrying the client, its company and role, and
// the session (refresh family, `sid`) they were issued for, so that ending it stops them too.
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
}

export function accessTokens(key: Uint8Array, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
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
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const role = payload.role;
        if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.sid !== 'string') return null;
        if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
        return { clientId: payload.sub, companyId: payload.cid, role: role as Role, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
