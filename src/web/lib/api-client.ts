// The one way the web app talks to the API, implementing spec section 4's session rules:
// bearer on every call; on 401 one refresh (grant_type refresh_token, cookie sent) and one replay;
// a request that meets a refresh already running is rejected; after 3 consecutive failed 401s
// the token is removed and the session ends (the app goes to /user/login).
import type { ZodMiniType } from 'zod/mini';
import { tokenResponseSchema, type Credentials, type TokenResponse } from '#shared/contract/auth.ts';
import { pathOf, type AnswerOut, type BodyIn, type EndpointDefinition, type ParamsIn, type QueryIn } from '#shared/contract/endpoint.ts';
import { MAX_CONSECUTIVE_401 } from '#shared/domain/limits.ts';
import { ApiError, errorFromResponse } from './api-error.ts';
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

    /** grant_type client_credentials; stores the token record on success. */
    async signIn(credentials: Credentials): Promise<TokenResponse> {
      const response = await tokenRequest({
        grant_type: 'client_credentials',
        client_id: credentials.client_id.trim(),
        client_secret: credentials.client_secret,
      });
      if (!response.ok) throw await errorFromResponse(response);
      consecutive401 = 0;
      return acceptToken(response);
    },

    /** Removes the token and ends the server session of the refresh cookie (best effort). */
    async signOut(): Promise<void> {
      clearToken();
      consecutive401 = 0;
      try {
        await doFetch('/oauth/revoke', { method: 'POST', credentials: 'include' });
      } catch {
        // offline: the cookie's session ends by itself at its expiry
      }
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
