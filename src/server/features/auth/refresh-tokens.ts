// Rotating refresh tokens with reuse detection. The token itself is only ever in the client's
// HttpOnly cookie; the database keeps its SHA-256 hash. A family (one sign-in) is the session:
// its id is in every access token issued for it, and ending it here tells `sessions` at once so
// those access tokens stop working too (active-clients.ts). Families past their absolute limit,
// and ended ones a day later, are deleted by the retention job (jobs/retention.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { refreshTokens } from '#server/db/schema.ts';

/** A refresh token not used for this long dies (idle limit). */
export const REFRESH_IDLE_SECONDS = 7 * 24 * 3600;
/** No session lives longer than this from its sign-in (absolute limit). */
export const REFRESH_ABSOLUTE_SECONDS = 30 * 24 * 3600;
/**
 * A rotated token that comes back this soon after its rotation is the same browser retrying an
 * exchange whose answer it never got (a page reloaded or closed mid-request, a depot tablet's
 * Wi-Fi dropping the response, two tabs renewing at once), not a stolen copy: it gets a new token of
 * its family instead of ending the session. Later, reuse still ends the whole family.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A refresh token handed out: the cookie's value and expiry, and the session (family) it continues. */
export interface IssuedRefresh {
  token: string;
  expiresAt: Date;
  familyId: string;
}

export type RotateResult = ({ ok: true; clientId: string } & IssuedRefresh) | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** Told of every session this store ends, as soon as it ended. */
export interface SessionEndListener {
  sessionsEnded(familyIds: string[]): void;
}

export function refreshTokenStore(db: Db, sessions?: SessionEndListener, now: () => Date = () => new Date()) {
  async function insert(clientId: string, familyId: string, familyExpiresAt: Date): Promise<IssuedRefresh> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Math.min(now().getTime() + REFRESH_IDLE_SECONDS * 1000, familyExpiresAt.getTime()));
    await db.insert(refreshTokens).values({ clientId, familyId, tokenHash: hash(token), expiresAt, familyExpiresAt });
    return { token, expiresAt, familyId };
  }

  /** The family's next token, unless the one presented or its family has expired. */
  async function next(used: typeof refreshTokens.$inferSelect, at: Date): Promise<RotateResult> {
    if (used.expiresAt <= at || used.familyExpiresAt <= at) return { ok: false, reason: 'expired' };
    const issued = await insert(used.clientId, used.familyId, used.familyExpiresAt);
    return { ok: true, clientId: used.clientId, ...issued };
  }

  const ended = (familyIds: string[]) => {
    if (familyIds.length > 0) sessions?.sessionsEnded([...new Set(familyIds)]);
  };

  return {
    /** Starts a new family at sign-in. */
    issue(clientId: string) {
      return insert(clientId, randomUUID(), new Date(now().getTime() + REFRESH_ABSOLUTE_SECONDS * 1000));
    },

    /**
     * Exchanges a token for the next one of its family. The conditional UPDATE makes the exchange
     * atomic: of two requests with the same token only one wins; the other is a retry within the
     * grace (it gets a token of the family too), or a reuse that ends the family.
     */
    async rotate(token: string): Promise<RotateResult> {
      const at = now();
      const [used] = await db
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(refreshTokens.tokenHash, hash(token)), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning();
      if (!used) {
        const [row] = await db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hash(token)));
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.revokedAt) return { ok: false, reason: 'revoked' };
        if (row.usedAt && at.getTime() - row.usedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000) return next(row, at);
        // A rotated token came back: someone holds a copy. End the whole session family.
        await this.revokeFamily(row.familyId);
        return { ok: false, reason: 'reused' };
      }
      return next(used, at);
    },

    /** Ends a session family; with `clientId`, only when the family is that client's (a sign-out by its access token). */
    async revokeFamily(familyId: string, clientId?: string) {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: now() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), ...(clientId === undefined ? [] : [eq(refreshTokens.clientId, clientId)])))
        .returning({ familyId: refreshTokens.familyId });
      if (clientId === undefined || rows.length > 0) ended([familyId]);
    },

    /** Ends every session of a client (its password changed): their refresh cookies and access tokens fail at once. */
    async revokeClient(clientId: string) {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: now() })
        .where(and(eq(refreshTokens.clientId, clientId), isNull(refreshTokens.revokedAt)))
        .returning({ familyId: refreshTokens.familyId });
      ended(rows.map((row) => row.familyId));
    },

    /** Ends the session a token belongs to (logout). Unknown tokens are ignored. */
    async revoke(token: string) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash(token)));
      if (row) await this.revokeFamily(row.familyId);
    },
  };
}

export type RefreshTokenStore = ReturnType<typeof refreshTokenStore>;
