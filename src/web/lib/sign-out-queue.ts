// Sign-outs that hold whatever the network does (issue 32, README note 100). A Log out whose
// `POST /oauth/revoke` got no answer (offline, a 5xx) is written here before it is sent and stays
// until the server answers it. Each entry names the session to end by the last access token of it
// (its `sid`, signed by the server; accepted past its expiry for this only), so it can be sent
// later without the refresh cookie, which may by then belong to someone else's sign-in here.
// `cookie` says the browser's refresh cookie is still the signed-out session's (nobody signed in
// since): while such an entry waits, the app never renews a session with that cookie
// (api-client.ts), so nobody gets back into the account without its secret.
//
// Kept in localStorage: every tab follows it at once, and a closed browser keeps it.

/** localStorage: the sign-outs not yet answered by the server. */
export const PENDING_SIGN_OUTS_KEY = 'pending-sign-outs';
/** localStorage: the last access token of the session signed in here, to end it by (kept past its expiry). */
export const SESSION_END_TOKEN_KEY = 'session-end-token';
/** More are not kept (each is a few hundred bytes); the oldest is dropped first. */
const MAX_PENDING = 20;

export interface PendingSignOut {
  /** The session's last access token; null when none was known (signed in before this record existed). */
  token: string | null;
  /** The browser's refresh cookie is still this session's: send it too, never renew with it. */
  cookie: boolean;
}

function isPending(value: unknown): value is PendingSignOut {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (entry.token === null || typeof entry.token === 'string') && typeof entry.cookie === 'boolean';
}

export function pendingSignOuts(): PendingSignOut[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPending) : [];
  } catch {
    return [];
  }
}

function write(entries: PendingSignOut[]): void {
  try {
    if (entries.length === 0) localStorage.removeItem(PENDING_SIGN_OUTS_KEY);
    else localStorage.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify(entries.slice(-MAX_PENDING)));
  } catch {
    // Storage refused (private mode, full): the sign-out is still sent now, just not kept.
  }
}

const same = (a: PendingSignOut, b: PendingSignOut) => a.token === b.token && a.cookie === b.cookie;

/** Records a sign-out to send (before it is sent: a tab closed meanwhile still keeps it). */
export function queueSignOut(entry: PendingSignOut): void {
  write([...pendingSignOuts().filter((e) => !same(e, entry)), entry]);
}

/** The server answered this sign-out: it is done. */
export function signOutDone(entry: PendingSignOut): void {
  write(pendingSignOuts().filter((e) => !same(e, entry)));
}

/** Whether the browser's refresh cookie belongs to a signed-out session whose revoke still waits. */
export function cookieSignedOut(): boolean {
  return pendingSignOuts().some((e) => e.cookie);
}

/**
 * A fresh sign-in replaced the refresh cookie: the waiting sign-outs no longer concern it and are
 * sent by their token alone. One without a token can no longer be told apart (its session ends
 * by itself at its idle limit) and is dropped.
 */
export function cookieReplaced(): void {
  const entries = pendingSignOuts();
  if (!entries.some((e) => e.cookie)) return;
  write(entries.filter((e) => e.token !== null).map((e) => ({ token: e.token, cookie: false })));
}

/** The access token to end the current session by (see SESSION_END_TOKEN_KEY). */
export function sessionEndToken(): string | null {
  try {
    return localStorage.getItem(SESSION_END_TOKEN_KEY);
  } catch {
    return null;
  }
}
