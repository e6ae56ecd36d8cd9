// The session record of spec section 4: localStorage `token` = {value, data, expiry} where
// expiry = now + expires_in seconds. A record past its expiry is removed when read.
import { storedTokenSchema, type ClientInfo, type StoredToken, type TokenResponse } from '../../shared/contract/auth.ts';

export const TOKEN_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

export function readToken(now = Date.now()): StoredToken | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  const record = parseRecord(raw);
  if (!record || record.expiry <= now) {
    localStorage.removeItem(TOKEN_KEY);
    return null;
  }
  return record;
}

function parseRecord(raw: string): StoredToken | null {
  try {
    const result = storedTokenSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function saveToken(response: TokenResponse, now = Date.now()): StoredToken {
  const record: StoredToken = { value: response.access_token, data: response.data, expiry: now + response.expires_in * 1000 };
  localStorage.setItem(TOKEN_KEY, JSON.stringify(record));
  notify();
  return record;
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  notify();
}

/** The signed-in client's info, or null. */
export function currentClient(): ClientInfo | null {
  return readToken()?.data ?? null;
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === TOKEN_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
