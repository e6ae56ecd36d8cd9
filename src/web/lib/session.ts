// Session state for route guards and components, read from the token record.
import { useMemo, useSyncExternalStore } from 'react';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { can, type Permission } from '#shared/domain/roles.ts';
import { api } from './api.ts';
import { clearToken, currentClient, readToken, rememberedClient, SESSION_CLIENT_KEY, subscribeToken, TOKEN_KEY } from './token-store.ts';

/**
 * The signed-in client, re-rendering when the session changes (also in other tabs). After the
 * access token expired it stays the remembered client until the session ends, so the shell
 * never disappears under the user; the next API call renews the token.
 */
export function useClient(): ClientInfo | null {
  const snapshot = useSyncExternalStore(subscribeToken, () => `${localStorage.getItem(TOKEN_KEY) ?? ''}|${localStorage.getItem(SESSION_CLIENT_KEY) ?? ''}`);
  return useMemo(() => (snapshot === '|' ? null : currentClient()), [snapshot]);
}

/** Whether the signed-in client's role may do this (the server enforces the same table). */
export function useCan(permission: Permission): boolean {
  const client = useClient();
  return client !== null && can(client.role, permission);
}

/**
 * active: a valid token record, a refresh cookie that still gets a new one, or, with no
 * connection to ask, the remembered client (offline work on drafts; the outbox sends once a token
 * is renewed). ended: the server refused to renew the session of a client who had signed in here
 * (and not logged out): the session ran out or was ended elsewhere, and the sign-in page says so.
 * none: nobody is signed in here (a first visit, after Log out). A refused refresh ends the session.
 */
export type SessionCheck = 'active' | 'ended' | 'none';

export async function checkSession(): Promise<SessionCheck> {
  if (readToken()) return 'active';
  const renewed = await api.renewSession();
  if (renewed === 'refreshed') return 'active';
  const remembered = rememberedClient() !== null;
  if (renewed === 'offline') return remembered ? 'active' : 'none';
  clearToken();
  return remembered ? 'ended' : 'none';
}

/** True when there is a usable session (checkSession is `active`). */
export async function ensureSession(): Promise<boolean> {
  return (await checkSession()) === 'active';
}

/** The sign-in page's `reason` when a session ended (not on a first visit, not after Log out). */
export const SESSION_ENDED_REASON = 'session-ended';
