// @parcel-portal/client: a typed client of the parcel portal's API for integrators (a shop's
// system). The types (schema.d.ts) are generated from the API's OpenAPI document; the calls are
// openapi-fetch's, with what every integration needs around them: a bearer token got by the
// OAuth 2.0 client credentials grant (client_secret_basic) and renewed before it expires or when a call answers 401
// (that call is sent once more with the new token), and an Idempotency-Key on every POST that has
// none, so that the client's own resend after a 401 never creates twice.
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
/** application/x-www-form-urlencoded encoding of one value (spaces as +). */
const formEncode = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);

export function createPortalClient(options: PortalClientOptions): PortalClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const renewBeforeMs = (options.renewBeforeSeconds ?? 30) * 1000;
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
      const original = sent.get(id);
      sent.delete(id);
      if (response.status !== 401 || !original) return undefined;
      // The token expired or was revoked early (a role change, a disabled client): sign in again, send once more.
      const used = original.headers.get('Authorization');
      if (token && `Bearer ${token.value}` === used) token = null;
      const headers = new Headers(original.headers);
      headers.set('Authorization', `Bearer ${await accessToken()}`);
      return send(new Request(original, { headers }));
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
