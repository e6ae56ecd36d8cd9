// Session state for route guards and components, read from the token record.
import { useSyncExternalStore } from 'react';
import type { ClientInfo } from '../../shared/contract/auth.ts';
import { api } from './api.ts';
import { currentClient, readToken, subscribeToken } from './token-store.ts';

/** The signed-in client, re-rendering when the token changes (also in other tabs). */
export function useClient(): ClientInfo | null {
  const token = useSyncExternalStore(subscribeToken, () => localStorage.getItem('token'));
  return token ? currentClient() : null;
}

/**
 * True when there is a usable session: a valid token record, or (its access token having
 * expired) a refresh cookie that still gets a new one.
 */
export async function ensureSession(): Promise<boolean> {
  if (readToken()) return true;
  return api.refreshSession();
}
