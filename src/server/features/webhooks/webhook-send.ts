// One HTTP attempt of a webhook delivery, signed per Standard Webhooks v1 with the
// `standardwebhooks` library: webhook-id (stable for every attempt), webhook-timestamp (this
// attempt's, in seconds) and webhook-signature (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`,
// one per secret while a rotated-out secret still signs). 10 s at most, redirects not followed,
// and the address each connection uses goes through the shared guard (http/outbound-guard.ts)
// unless the installation allows private receivers (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { ForbiddenAddressError, guardedLookup, literalHostForbidden } from '#server/http/outbound-guard.ts';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the form the library reads). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The webhook-signature header: one `v1,…` per secret, space-separated. */
export function signatureHeader(secrets: readonly string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

export interface SendPolicy {
  /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: plain http and private addresses (on-premise receivers, tests). */
  allowPrivate: boolean;
  timeoutMs: number;
}

/** What one attempt came to: the receiver's status, or why there was none. */
export interface SendOutcome {
  status: number | null;
  /** timeout, refused, forbidden_address, dns, http_only, or the socket's error code. */
  error: string | null;
  durationMs: number;
}

/** Connections per receiver host at once (keep-alive: a burst of status changes reuses them). */
export const SOCKETS_PER_HOST = 32;
const agents = {
  guarded: {
    http: new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST, lookup: guardedLookup }),
    https: new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST, lookup: guardedLookup }),
  },
  open: { http: new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST }), https: new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST }) },
};

/** Sends `body` to `address` once. Never throws: every failure is an outcome. */
export function sendWebhook(
  address: string,
  message: { id: string; body: string; secrets: readonly string[] },
  policy: SendPolicy,
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendOutcome => ({ status, error, durationMs: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.resolve(done(null, 'invalid_url'));
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(policy.allowPrivate && url.protocol === 'http:')) return Promise.resolve(done(null, 'http_only'));
  if (!policy.allowPrivate && literalHostForbidden(url)) return Promise.resolve(done(null, 'forbidden_address'));
  const at = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'parcel-portal-webhooks',
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(message.secrets, message.id, at, message.body),
    'content-length': String(Buffer.byteLength(message.body)),
  };
  const pool = policy.allowPrivate ? agents.open : agents.guarded;
  return new Promise((resolve) => {
    const request = (secure ? https : http).request(
      url,
      { method: 'POST', headers, agent: secure ? pool.https : pool.http, signal: AbortSignal.timeout(policy.timeoutMs) },
      (response) => {
        // The body is not read beyond draining it: only the status counts (3xx included: not followed).
        response.resume();
        response.on('end', () => resolve(done(response.statusCode ?? null, null)));
        response.on('error', () => resolve(done(response.statusCode ?? null, null)));
      },
    );
    request.on('error', (error) => resolve(done(null, failureCode(error))));
    request.end(message.body);
  });
}

function failureCode(error: Error): string {
  if (error instanceof ForbiddenAddressError) return 'forbidden_address';
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return 'timeout';
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  return code ?? 'network';
}
