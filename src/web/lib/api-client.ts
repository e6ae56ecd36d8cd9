// The one way the web app talks to the API, implementing spec section 4's session rules:
// bearer on every call; on 401 one refresh (grant_type refresh_token, cookie sent) and one replay;
// a request that meets a refresh already running is rejected; after 3 consecutive failed 401s
// the token is removed and the session ends (the app goes to /user/login).
import type { ZodMiniType } from 'zod/mini';
import { tokenResponseSchema, type Credentials, type TokenResponse } from '#shared/contract/auth.ts';
import { pathOf, type AnswerOut, type BodyIn, type EndpointDefinition, type ParamsIn, type QueryIn } from '#shared/contract/endpoint.ts';
import { MAX_CONSECUTIVE_401 } from '#shared/domain/limits.ts';
import { ApiError, errorFromResponse } from './api-error.ts';
import { cookieReplaced, cookieSignedOut, pendingSignOuts, queueSignOut, sessionEndToken, signOutDone, type PendingSignOut } from './sign-out-queue.ts';
import { clearToken, readToken, saveToken } from './token-store.ts';

export interface ApiClientDeps {
  fetch?: typeof fetch;
  /** Current UI language for Accept-Language (server messages come translated). */
  language: () => string;
  /** Called when the session is over after repeated 401s. */
  onSessionEnded: () => void;
}

export type RefreshResult = 'refreshed' | 'refused' | 'offline';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key); they cannot replace the ones the client sets. */
  headers?: Record<string, string>;
}

/** A call of an endpoint of the shared table: its path params, query and body, typed by its schemas. */
export interface CallInput<E extends EndpointDefinition> {
  params?: ParamsIn<E>;
  query?: QueryIn<E>;
  body?: BodyIn<E>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The request of an endpoint call: its method and filled-in path. */
export function endpointRequest<E extends EndpointDefinition>(endpoint: E, input: CallInput<E>): { path: string; options: RequestOptions } {
  return {
    path: pathOf(endpoint.path, input.params as Record<string, string | number> | undefined),
    options: {
      method: endpoint.method,
      ...(input.query !== undefined ? { query: input.query as RequestOptions['query'] } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
      ...(input.headers ? { headers: input.headers } : {}),
    },
  };
}

export function createApiClient(deps: ApiClientDeps) {
  const doFetch: typeof fetch = (...args) => (deps.fetch ?? fetch)(...args);
  let refreshing: Promise<boolean> | null = null;
  let consecutive401 = 0;
  let flushing: Promise<void> | null = null;

  /** One sign-out to the server: true when it answered (done, or refused for good), false when it must wait. */
  async function sendSignOut(entry: PendingSignOut): Promise<boolean> {
    try {
      const response = await doFetch('/oauth/revoke', {
        method: 'POST',
        // The cookie only while it is still the signed-out session's (never a newer sign-in's).
        credentials: entry.cookie ? 'include' : 'omit',
        ...(entry.token ? { headers: { 'content-type': 'application/json', 'accept-language': deps.language() }, body: JSON.stringify({ token: entry.token }) } : {}),
      });
      return response.status < 500;
    } catch {
      return false;
    }
  }

  /**
   * Sends the sign-outs that wait (lib/sign-out-queue.ts), oldest first, until one gets no answer.
   * Runs one after the other: a call during a run sends what was queued since, after it.
   */
  function flushSignOuts(): Promise<void> {
    const run = async () => {
      // Bounded: storage that refuses to forget a sent entry must not loop forever.
      for (let sent = 0; sent < 50; sent++) {
        const [entry] = pendingSignOuts();
        if (!entry || !(await sendSignOut(entry))) return;
        signOutDone(entry);
      }
    };
    const next = (flushing ?? Promise.resolve()).then(run);
    flushing = next;
    void next.finally(() => {
      if (flushing === next) flushing = null;
    });
    return next;
  }

  async function send(path: string, options: RequestOptions): Promise<Response> {
    const extra = Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]);
    const headers: Record<string, string> = { ...Object.fromEntries(extra), accept: 'application/json', 'accept-language': deps.language() };
    const token = readToken();
    if (token) headers.authorization = `Bearer ${token.value}`;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const url = withQuery(path, options.query);
    try {
      return await doFetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal, credentials: 'same-origin' });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw ApiError.offline(error);
    }
  }

  async function tokenRequest(body: Record<string, string>): Promise<Response> {
    try {
      return await doFetch('/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': deps.language() },
        body: JSON.stringify(body),
        credentials: 'include',
      });
    } catch (error) {
      throw ApiError.offline(error);
    }
  }

  async function acceptToken(response: Response): Promise<TokenResponse> {
    const parsed = tokenResponseSchema.safeParse(await response.json());
    if (!parsed.success) throw new ApiError(response.status, null, 'invalid_token_response');
    saveToken(parsed.data);
    return parsed.data;
  }

  /**
   * grant_type refresh_token with the HttpOnly cookie: `refreshed` (a new token is stored),
   * `refused` (the server said no: the session is over) or `offline` (no answer: maybe later).
   */
  async function renewSession(): Promise<RefreshResult> {
    // A sign-out is sent before anything else; while the cookie's own one waits, that cookie is
    // never used: its session was signed out here, and only its secret signs back in.
    await flushSignOuts();
    if (cookieSignedOut()) return 'refused';
    let response: Response;
    try {
      response = await tokenRequest({ grant_type: 'refresh_token' });
    } catch {
      return 'offline';
    }
    if (response.status >= 500) return 'offline';
    if (!response.ok) return 'refused';
    try {
      await acceptToken(response);
      return 'refreshed';
    } catch {
      return 'offline';
    }
  }

  /** True when a new token was stored. */
  async function refreshSession(): Promise<boolean> {
    return (await renewSession()) === 'refreshed';
  }

  function failed401(response: Response): Promise<never> {
    consecutive401 += 1;
    if (consecutive401 >= MAX_CONSECUTIVE_401) {
      consecutive401 = 0;
      clearToken();
      deps.onSessionEnded();
    }
    return errorFromResponse(response).then((e) => Promise.reject(e));
  }

  async function request(path: string, options: RequestOptions = {}): Promise<Response> {
    const response = await send(path, options);
    if (response.status !== 401) {
      consecutive401 = 0;
      if (!response.ok) throw await errorFromResponse(response);
      return response;
    }
    // A refresh is already under way (for another request): this one is rejected, not queued.
    if (refreshing) throw await errorFromResponse(response);
    refreshing = refreshSession();
    let refreshed: boolean;
    try {
      refreshed = await refreshing;
    } finally {
      refreshing = null;
    }
    if (!refreshed) return failed401(response);
    const replay = await send(path, options);
    if (replay.status === 401) return failed401(replay);
    consecutive401 = 0;
    if (!replay.ok) throw await errorFromResponse(replay);
    return replay;
  }

  return {
    request,
    refreshSession,
    renewSession,

    /** JSON call validated by the contract's response schema. */
    async json<T>(path: string, schema: ZodMiniType<T>, options: RequestOptions = {}): Promise<T> {
      const response = await request(path, options);
      const parsed = schema.safeParse(await response.json());
      if (!parsed.success) throw new ApiError(response.status, null, 'unexpected_response');
      return parsed.data;
    },

    /** Calls a JSON endpoint of the shared table; its answer is checked against the endpoint's schema. */
    async call<const E extends EndpointDefinition & { answer: ZodMiniType }>(endpoint: E, input: CallInput<E> = {}): Promise<AnswerOut<E>> {
      const { path, options } = endpointRequest(endpoint, input);
      const response = await request(path, options);
      const parsed = (endpoint.answer as ZodMiniType<AnswerOut<E>>).safeParse(await response.json());
      if (!parsed.success) throw new ApiError(response.status, null, 'unexpected_response');
      return parsed.data;
    },

    flushSignOuts,

    /** grant_type client_credentials; stores the token record on success. */
    async signIn(credentials: Credentials): Promise<TokenResponse> {
      // Waiting sign-outs go first (with the old cookie while it is still theirs).
      await flushSignOuts();
      const response = await tokenRequest({
        grant_type: 'client_credentials',
        client_id: credentials.client_id.trim(),
        client_secret: credentials.client_secret,
      });
      if (!response.ok) throw await errorFromResponse(response);
      consecutive401 = 0;
      // The answer set a new cookie: the waiting sign-outs no longer concern it.
      cookieReplaced();
      return acceptToken(response);
    },

    /**
     * Removes the token and ends the server session: of the refresh cookie and of the session's
     * last access token. Recorded before it is sent; without an answer it waits in
     * lib/sign-out-queue.ts and is sent first when the connection returns. Resolves `sent` or
     * `queued` (the server has not heard of it yet).
     */
    async signOut(): Promise<'sent' | 'queued'> {
      const entry: PendingSignOut = { token: sessionEndToken(), cookie: true };
      queueSignOut(entry);
      clearToken();
      consecutive401 = 0;
      await flushSignOuts();
      return pendingSignOuts().some((e) => e.token === entry.token && e.cookie) ? 'queued' : 'sent';
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
