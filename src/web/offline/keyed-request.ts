// One POST of a queued row with its idempotency key, and how a failed one ends. Shared by the
// wizard outbox (features/shipments/offline/send-outbox-row.ts) and the scan queue
// (features/scan/offline/scan-send.ts): the same key on every resend, a timeout on requests that
// never answer, and one rule for which failures may heal.
import type { ApiClient } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import type { OutboxError } from './db.ts';

/** A request without an answer after this long is abandoned and retried (same key). */
export const SEND_TIMEOUT_MS = 60_000;
/** Field-error key of a rejection that names no field: its text is shown as it is. */
export const FORM_ERROR_KEY = '_form';

export type SendOutcomeOf<Result> =
  /** Applied (or the server replayed its answer to an earlier try with the same key). */
  | { type: 'accepted'; result: Result }
  /** The server refused the content: kept with these field errors for the user to act on. */
  | { type: 'rejected'; error: OutboxError; errors: Record<string, string[]> }
  /** Might heal (no answer, 5xx, 408, 409 key still running, 425, 429): sent again after a backoff (at least Retry-After). */
  | { type: 'retry'; error: OutboxError; retryAfterMs?: number }
  /** No valid session even after the API client's refresh: wait for a new sign-in. */
  | { type: 'unauthorized' };

/** A send that did not get a usable 2xx answer. */
export type FailedOutcome = Exclude<SendOutcomeOf<never>, { type: 'accepted' }>;

const RETRY_STATUSES = new Set([408, 409, 425, 429]);

/** The 2xx answer's JSON body, or how the attempt failed. */
export type KeyedAnswer = { ok: true; body: unknown; replayed: boolean } | { ok: false; outcome: FailedOutcome };

/** POSTs `body` to `path` with the Idempotency-Key header through the app's API client. */
export async function postWithKey(client: Pick<ApiClient, 'request'>, path: string, body: unknown, key: string, timeoutMs = SEND_TIMEOUT_MS): Promise<KeyedAnswer> {
  let response: Response;
  try {
    response = await client.request(path, { method: 'POST', body, headers: { 'Idempotency-Key': key }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return { ok: false, outcome: outcomeOfError(error) };
  }
  try {
    return { ok: true, body: (await response.json()) as unknown, replayed: response.headers.get('idempotent-replayed') === 'true' };
  } catch (error) {
    // Applied, but the answer was cut off: asking again with the same key replays it.
    return { ok: false, outcome: { type: 'retry', error: { status: response.status, code: 'incomplete_response', message: describe(error) } } };
  }
}

/** How a failed request ends: 401 waits, what may heal is retried, any other answer rejects. */
export function outcomeOfError(error: unknown): FailedOutcome {
  if (!(error instanceof ApiError)) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { type: 'retry', error: { status: 0, code: timedOut ? 'timeout' : 'network_error', message: describe(error) } };
  }
  if (error.status === 401) return { type: 'unauthorized' };
  const described: OutboxError = { status: error.status, message: error.body?.message ?? error.message };
  const code = error.code ?? (error.isOffline ? 'network_error' : undefined);
  if (code) described.code = code;
  if (error.status === 0 || error.status >= 500 || RETRY_STATUSES.has(error.status)) {
    return error.retryAfterMs === undefined ? { type: 'retry', error: described } : { type: 'retry', error: described, retryAfterMs: error.retryAfterMs };
  }
  const errors = Object.keys(error.fields).length > 0 ? error.fields : { [FORM_ERROR_KEY]: [described.message] };
  return { type: 'rejected', error: described, errors };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
