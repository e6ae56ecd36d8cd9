// The session record of spec section 4: localStorage `token` = {value, data, expiry} where
// expiry = now + expires_in seconds. A record past its expiry is removed when read.
//
// Beside it, `session-client` remembers who is signed in (the token's non-secret `data`: id, name,
// role, products) until the session really ends (sign-out, a refused refresh, repeated 401s). An
// access token lives 15 minutes; an office that loses its connection for longer must still open
// the app from the service worker and go on with its drafts, which belong to that client. The
// server never trusts this record: every call still needs a token, renewed by the refresh cookie.
import { clientInfoSchema, storedTokenSchema, type ClientInfo, type StoredToken, type TokenResponse } from '#shared/contract/auth.ts';
import { SESSION_END_TOKEN_KEY } from './sign-out-queue.ts';

export const TOKEN_KEY = 'token';
export const SESSION_CLIENT_KEY = 'session-client';

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
  localStorage.setItem(SESSION_CLIENT_KEY, JSON.stringify(record.data));
  // Kept past the token's expiry: a Log out sends it to end this session (lib/sign-out-queue.ts).
  localStorage.setItem(SESSION_END_TOKEN_KEY, record.value);
  notify();
  return record;
}

/** Ends the session in this browser: the token, the remembered client and the token to end it by. */
export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SESSION_CLIENT_KEY);
  localStorage.removeItem(SESSION_END_TOKEN_KEY);
  notify();
}

/** The client of the last sign-in, kept after its access token expired, until the session ends. */
export function rememberedClient(): ClientInfo | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SESSION_CLIENT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = clientInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The signed-in client's info: the valid token's, else the remembered one (offline or between refreshes), or null. */
export function currentClient(): ClientInfo | null {
  return readToken()?.data ?? rememberedClient();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => (e.key === TOKEN_KEY || e.key === SESSION_CLIENT_KEY || e.key === null) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
