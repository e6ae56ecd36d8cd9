// @parcel-portal/client: a typed client of the parcel portal's API for integrators (a shop's
// system). The types (schema.d.ts) are generated from the API's OpenAPI document; the calls are
// openapi-fetch's, with what every integration needs around them: a bearer token got by the
// OAuth 2.0 client credentials grant (client_secret_basic) and renewed before it expires or when a call answers 401
// (that call is sent once more with the new token), an Idempotency-Key on every POST that has
// none, so that the client's own resend never creates twice, and a wait for a 429's Retry-After
// before sending the call again (within a bound: a long wait is handed back to the caller).
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths, webhooks } from './schema.d.ts';

export type { components, paths, webhooks };
export type Shipment = components['schemas']['Shipment'];
export type ShipmentCreate = components['schemas']['ShipmentStoreRequest'];
export type ApiErrorBody = components['schemas']['Error'];
/** A webhook message's body (verify its signature first, e.g. with the `standardwebhooks` package). */
export type WebhookMessage =
  | components['schemas']['ShipmentCreatedEvent']
  | components['schemas']['ShipmentStatusChangedEvent']
  | components['schemas']['ShipmentTrackingUpdatedEvent']
  | components['schemas']['ShipmentDeletedEvent']
  | components['schemas']['ImportFinishedEvent']
  | components['schemas']['WebhookTestEvent'];

export interface PortalClientOptions {
  /** The portal's address, e.g. `https://portal.example.com` (no trailing path). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The language of error messages (`en`, `sk`, `de`, `cs`); default English. */
  language?: string;
  /** A fetch of your own (tests, proxies); default the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Renew the token this many seconds before it expires (default 30). */
  renewBeforeSeconds?: number;
  /**
   * A call answered 429 (a rate limit or the company's budget) is sent again after its Retry-After,
   * up to this many times (default 2; 0: every 429 is handed back at once).
   */
  rateLimitRetries?: number;
  /** The longest Retry-After waited for, in seconds (default 60); a longer one is handed back as the 429. */
  maxRetryAfterSeconds?: number;
}

export interface PortalClient extends Client<paths> {
  /** The current access token: signs in on first use and again when it is about to expire. */
  accessToken(): Promise<string>;
  /** Forgets the token: the next call signs in again. */
  signOut(): void;
}

/** The token endpoint answered an error (wrong credentials, disabled client, too many attempts). */
export class PortalAuthError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Sign-in failed (${status}): ${typeof body === 'object' && body && 'message' in body ? String(body.message) : 'no message'}`);
    this.name = 'PortalAuthError';
  }
}

const TOKEN_PATH = '/oauth/token';

/** Retry-After (RFC 9110 section 10.2.3) in ms: delay-seconds or an HTTP-date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
/** application/x-www-form-urlencoded encoding of one value (spaces as +). */
const formEncode = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);

export function createPortalClient(options: PortalClientOptions): PortalClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const renewBeforeMs = (options.renewBeforeSeconds ?? 30) * 1000;
  const rateLimitRetries = options.rateLimitRetries ?? 2;
  const maxWaitMs = (options.maxRetryAfterSeconds ?? 60) * 1000;
  const languageHeader = options.language ? { 'Accept-Language': options.language } : undefined;
  // Sign-in goes around the middleware below (it would ask itself for a token).
  const plain = createClient<paths>({ baseUrl, fetch: send, ...(languageHeader ? { headers: languageHeader } : {}) });

  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  // client_secret_basic (RFC 6749 section 2.3.1): id and secret form-urlencoded, then HTTP Basic.
  const basic = `Basic ${btoa(`${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`)}`;

  async function signIn(): Promise<string> {
    const { data, error, response } = await plain.POST(TOKEN_PATH, {
      body: { grant_type: 'client_credentials' },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
      headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    if (!data) throw new PortalAuthError(response.status, error);
    token = { value: data.access_token, expiresAt: Date.now() + data.expires_in * 1000 };
    return data.access_token;
  }

  /** One sign-in at a time: concurrent calls wait for the same token. */
  function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt - renewBeforeMs) return Promise.resolve(token.value);
    pending ??= signIn().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** Each request as sent, kept until its answer: sent once more after a 401. */
  const sent = new Map<string, Request>();
  const auth: Middleware = {
    async onRequest({ request, id }) {
      const headers = new Headers(request.headers);
      headers.set('Authorization', `Bearer ${await accessToken()}`);
      if (request.method === 'POST' && !headers.has('Idempotency-Key')) headers.set('Idempotency-Key', crypto.randomUUID());
      const ready = new Request(request, { headers });
      sent.set(id, ready.clone());
      return ready;
    },
    async onResponse({ response, id }) {
      let request = sent.get(id);
      sent.delete(id);
      if (!request) return undefined;
      let answer = response;
      let resent = false;
      if (answer.status === 401) {
        // The token expired or was revoked early (a role change, a disabled client): sign in again, send once more.
        const used = request.headers.get('Authorization');
        if (token && `Bearer ${token.value}` === used) token = null;
        const headers = new Headers(request.headers);
        headers.set('Authorization', `Bearer ${await accessToken()}`);
        request = new Request(request.clone(), { headers });
        answer = await send(request.clone());
        resent = true;
      }
      // Too many calls: wait as told and send again (the same Idempotency-Key: a create happens once).
      for (let tries = 0; answer.status === 429 && tries < rateLimitRetries; tries += 1) {
        const wait = retryAfterMs(answer.headers.get('Retry-After'));
        if (wait === null || wait > maxWaitMs) break;
        await answer.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, wait));
        answer = await send(request.clone());
        resent = true;
      }
      return resent ? answer : undefined;
    },
    onError({ id }) {
      sent.delete(id);
    },
  };

  const client = createClient<paths>({ baseUrl, fetch: send, ...(languageHeader ? { headers: languageHeader } : {}) });
  client.use(auth);
  return Object.assign(client, {
    accessToken,
    signOut: () => {
      token = null;
    },
  });
}
