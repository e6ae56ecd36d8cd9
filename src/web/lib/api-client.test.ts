import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { pendingSignOuts, queueSignOut } from './sign-out-queue.ts';
import { saveToken, TOKEN_KEY } from './token-store.ts';

// ---------------------------------------------------------------------------------------------
// A fake `fetch`: records every call and answers from a queue (first in, first out). A queued
// Error is thrown as a network failure; a queued promise lets a test decide when it answers.

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Answer = Response | Promise<Response> | Error;

function fakeFetch() {
  const calls: Call[] = [];
  const queue: Answer[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
      credentials: init.credentials,
    });
    const answer = queue.shift();
    if (answer === undefined) throw new Error(`fake fetch: no answer queued for ${String(input)}`);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof globalThis.fetch;
  return {
    fetch,
    calls,
    answer: (...answers: Answer[]) => void queue.push(...answers),
    tokenCalls: () => calls.filter((c) => c.url === '/oauth/token'),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const clientInfo = { id: 'client-1', name: 'Demo User', role: 'USER', products: { SK: ['PRM'] } } as const;

function tokenResponse(accessToken: string): TokenResponse {
  return { access_token: accessToken, token_type: 'Bearer', expires_in: 900, data: { ...clientInfo, products: { SK: ['PRM'] } } };
}

const unauthorized = () => json({ message: 'Please sign in to continue.', error: 'unauthorized' }, 401);
const refreshRejected = () => json({ message: 'Your session has ended.', error: 'invalid_grant' }, 400);

function setup(language = 'en') {
  const net = fakeFetch();
  const onSessionEnded = vi.fn();
  const client = createApiClient({ fetch: net.fetch, language: () => language, onSessionEnded });
  return { ...net, client, onSessionEnded };
}

function storedToken(): { value: string; expiry: number } | null {
  const raw = localStorage.getItem(TOKEN_KEY);
  return raw ? (JSON.parse(raw) as { value: string; expiry: number }) : null;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the promise to reject');
}

/** One request that ends in a failed 401: the request is refused and the refresh fails too. */
async function failed401(s: ReturnType<typeof setup>) {
  s.answer(unauthorized(), refreshRejected());
  return rejection(s.client.request('/api/v1/profile'));
}

beforeEach(() => {
  localStorage.clear();
});

// ---------------------------------------------------------------------------------------------

describe('headers', () => {
  it('sends the bearer of the stored token on every call', async () => {
    saveToken(tokenResponse('access-1'));
    const s = setup();
    s.answer(json({}), json({}));

    await s.client.request('/api/v1/profile');
    await s.client.request('/api/v1/profile', { method: 'POST', body: { name: 'x' } });

    expect(s.calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer access-1', 'Bearer access-1']);
  });

  it('sends no authorization header when there is no token record', async () => {
    const s = setup();
    s.answer(json({}));

    await s.client.request('/api/v1/shipments/track');

    expect(s.calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends no authorization header when the token record has expired', async () => {
    saveToken(tokenResponse('access-1'), Date.now() - 901_000);
    const s = setup();
    s.answer(json({}));

    await s.client.request('/api/v1/shipments/track');

    expect(s.calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('takes Accept-Language from the language() dependency', async () => {
    const s = setup('cz');
    s.answer(json({}));

    await s.client.request('/api/v1/profile');

    expect(s.calls[0]?.headers.get('accept-language')).toBe('cz');
  });

  it('reads the language again for each call', async () => {
    const net = fakeFetch();
    let language = 'sk';
    const client = createApiClient({ fetch: net.fetch, language: () => language, onSessionEnded: vi.fn() });
    net.answer(json({}), json({}));

    await client.request('/api/v1/profile');
    language = 'de';
    await client.request('/api/v1/profile');

    expect(net.calls.map((c) => c.headers.get('accept-language'))).toEqual(['sk', 'de']);
  });

  it("adds the caller's headers (Idempotency-Key), on the replay after a refresh too, without replacing its own", async () => {
    saveToken(tokenResponse('access-1'));
    const s = setup('sk');
    s.answer(unauthorized(), json(tokenResponse('access-2')), json({}, 201));

    await s.client.request('/api/v2/shipments/store', {
      method: 'POST',
      body: { a: 1 },
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged', 'Accept-Language': 'de' },
    });

    const sent = s.calls.filter((c) => c.url === '/api/v2/shipments/store');
    expect(sent.map((c) => c.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1']);
    expect(sent.map((c) => c.headers.get('authorization'))).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(sent.map((c) => c.headers.get('accept-language'))).toEqual(['sk', 'sk']);
  });
});

describe('401 and refresh', () => {
  it('makes exactly one refresh call: POST /oauth/token, grant_type refresh_token, cookies included', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();
    s.answer(unauthorized(), json(tokenResponse('new')), json({ ok: true }));

    await s.client.request('/api/v1/profile');

    expect(s.tokenCalls()).toHaveLength(1);
    expect(s.calls[1]).toMatchObject({
      url: '/oauth/token',
      method: 'POST',
      body: { grant_type: 'refresh_token' },
      credentials: 'include',
    });
  });

  it('replays the failed request once with the new bearer and returns its result', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();
    s.answer(unauthorized(), json(tokenResponse('new')), json({ ok: true }));

    const response = await s.client.request('/api/v1/profile', { method: 'POST', body: { name: 'Eva' } });

    expect(await response.json()).toEqual({ ok: true });
    expect(s.calls).toHaveLength(3);
    expect(s.calls[2]).toMatchObject({ url: '/api/v1/profile', method: 'POST', body: { name: 'Eva' } });
    expect(s.calls[2]?.headers.get('authorization')).toBe('Bearer new');
  });

  it('stores the refreshed token record', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();
    s.answer(unauthorized(), json(tokenResponse('new')), json({ ok: true }));

    await s.client.request('/api/v1/profile');

    expect(storedToken()?.value).toBe('new');
  });

  it('rejects with the original 401 as ApiError when the refresh fails', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();
    s.answer(unauthorized(), refreshRejected());

    const error = await rejection(s.client.request('/api/v1/profile'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Please sign in to continue.');
    expect(s.calls).toHaveLength(2);
  });

  it('rejects with the original 401 when the refresh call cannot reach the server', async () => {
    const s = setup();
    s.answer(unauthorized(), new TypeError('Failed to fetch'));

    const error = await rejection(s.client.request('/api/v1/profile'));

    expect(error.status).toBe(401);
    expect(s.calls).toHaveLength(2);
  });

  it('rejects with 401 when the replay is refused again', async () => {
    const s = setup();
    s.answer(unauthorized(), json(tokenResponse('new')), unauthorized());

    const error = await rejection(s.client.request('/api/v1/profile'));

    expect(error.status).toBe(401);
    expect(s.calls).toHaveLength(3);
  });

  it('rejects (does not queue) a request that gets a 401 while a refresh is running, without a second refresh', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();
    const refresh = deferred<Response>();
    s.answer(unauthorized(), refresh.promise);

    const first = s.client.request('/api/v1/shipments');
    await vi.waitFor(() => expect(s.tokenCalls()).toHaveLength(1));

    s.answer(unauthorized());
    const second = await rejection(s.client.request('/api/v1/profile'));

    expect(second.status).toBe(401);
    expect(s.tokenCalls()).toHaveLength(1);

    s.answer(json({ shipments: [] }));
    refresh.resolve(json(tokenResponse('new')));
    const response = await first;

    expect(await response.json()).toEqual({ shipments: [] });
    expect(s.tokenCalls()).toHaveLength(1);
    expect(s.calls.map((c) => c.url)).toEqual(['/api/v1/shipments', '/oauth/token', '/api/v1/profile', '/api/v1/shipments']);
  });

  it('refreshes again for a later 401 once the earlier refresh has finished', async () => {
    const s = setup();
    s.answer(unauthorized(), json(tokenResponse('t1')), json({}));
    await s.client.request('/api/v1/profile');
    s.answer(unauthorized(), json(tokenResponse('t2')), json({}));

    await s.client.request('/api/v1/profile');

    expect(s.tokenCalls()).toHaveLength(2);
    expect(s.calls[5]?.headers.get('authorization')).toBe('Bearer t2');
  });
});

describe('consecutive failed 401s', () => {
  it('keeps the token and the session after two failed 401s', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();

    await failed401(s);
    await failed401(s);

    expect(storedToken()?.value).toBe('old');
    expect(s.onSessionEnded).not.toHaveBeenCalled();
  });

  it('removes the token from localStorage and calls onSessionEnded exactly once after the third', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();

    await failed401(s);
    await failed401(s);
    const third = await failed401(s);

    expect(third.status).toBe(401);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('counts a replay that is refused again as a failed 401', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();
    for (let i = 0; i < 3; i++) {
      s.answer(unauthorized(), json(tokenResponse(`new-${i}`)), unauthorized());
      await rejection(s.client.request('/api/v1/profile'));
    }

    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('starts counting again after a successful response in between', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();

    await failed401(s);
    await failed401(s);
    s.answer(json({ ok: true }));
    await s.client.request('/api/v1/profile');
    await failed401(s);
    await failed401(s);

    expect(storedToken()?.value).toBe('old');
    expect(s.onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session on the third failure after the reset', async () => {
    saveToken(tokenResponse('old'));
    const s = setup();

    await failed401(s);
    await failed401(s);
    s.answer(json({ ok: true }));
    await s.client.request('/api/v1/profile');
    await failed401(s);
    await failed401(s);
    await failed401(s);

    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('starts counting again after a 401 that is fixed by a refresh and replay', async () => {
    const s = setup();

    await failed401(s);
    await failed401(s);
    s.answer(unauthorized(), json(tokenResponse('new')), json({}));
    await s.client.request('/api/v1/profile');
    await failed401(s);
    await failed401(s);

    expect(storedToken()?.value).toBe('new');
    expect(s.onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('signIn', () => {
  it('posts grant_type client_credentials with client_id trimmed and the secret unchanged', async () => {
    const s = setup();
    s.answer(json(tokenResponse('access-1')));

    await s.client.signIn({ client_id: '  demo-user \t', client_secret: ' demo-user-secret ' });

    expect(s.calls[0]).toMatchObject({
      url: '/oauth/token',
      method: 'POST',
      body: { grant_type: 'client_credentials', client_id: 'demo-user', client_secret: ' demo-user-secret ' },
      credentials: 'include',
    });
  });

  it('stores the token record {value, data, expiry = now + expires_in}', async () => {
    const now = 1_800_000_000_000;
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const s = setup();
    s.answer(json(tokenResponse('access-1')));

    try {
      await s.client.signIn({ client_id: 'demo-user', client_secret: 'demo-user-secret' });
    } finally {
      vi.restoreAllMocks();
    }

    expect(storedToken()).toEqual({ value: 'access-1', data: tokenResponse('access-1').data, expiry: now + 900_000 });
  });

  it('rejects with the server message and stores nothing when the credentials are wrong', async () => {
    const s = setup();
    s.answer(json({ message: 'Wrong client ID or secret.', error: 'invalid_client' }, 401));

    const error = await rejection(s.client.signIn({ client_id: 'demo-user', client_secret: 'nope' }));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Wrong client ID or secret.');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(s.tokenCalls()).toHaveLength(1);
  });
});

describe('signOut', () => {
  it('removes the token record', async () => {
    saveToken(tokenResponse('access-1'));
    const s = setup();
    s.answer(new Response(null, { status: 204 }));

    await s.client.signOut();

    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('posts /oauth/revoke with cookies included', async () => {
    saveToken(tokenResponse('access-1'));
    const s = setup();
    s.answer(new Response(null, { status: 204 }));

    await s.client.signOut();

    expect(s.calls).toHaveLength(1);
    expect(s.calls[0]).toMatchObject({ url: '/oauth/revoke', method: 'POST', credentials: 'include' });
  });

  it('still removes the token when the revoke call cannot reach the server', async () => {
    saveToken(tokenResponse('access-1'));
    const s = setup();
    s.answer(new TypeError('Failed to fetch'));

    await s.client.signOut();

    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('a sign-out that gets no answer (issue 32)', () => {
  const revokeCalls = (s: ReturnType<typeof setup>) => s.calls.filter((c) => c.url === '/oauth/revoke');

  it('sends the session\'s last access token with the cookie, so it can be ended later without it', async () => {
    saveToken(tokenResponse('access-1'));
    const s = setup();
    s.answer(new Response(null, { status: 204 }));

    expect(await s.client.signOut()).toBe('sent');

    expect(s.calls[0]).toMatchObject({ url: '/oauth/revoke', credentials: 'include', body: { token: 'access-1' } });
    expect(pendingSignOuts()).toEqual([]);
  });

  it('keeps it offline and never renews with the signed-out cookie until the server has it', async () => {
    saveToken(tokenResponse('access-1'));
    const s = setup();
    s.answer(new TypeError('Failed to fetch'));
    expect(await s.client.signOut()).toBe('queued');
    expect(pendingSignOuts()).toEqual([{ token: 'access-1', cookie: true }]);

    // Still offline: the renewal tries the sign-out again, and does not touch /oauth/token.
    s.answer(new TypeError('Failed to fetch'));
    expect(await s.client.renewSession()).toBe('refused');
    expect(s.tokenCalls()).toHaveLength(0);

    // A server error is no answer either.
    s.answer(json({ error: 'internal' }, 503));
    expect(await s.client.renewSession()).toBe('refused');
    expect(s.tokenCalls()).toHaveLength(0);

    // Online again: the sign-out goes first, with the cookie it ends; the refresh after it is refused.
    s.answer(new Response(null, { status: 204 }), refreshRejected());
    expect(await s.client.renewSession()).toBe('refused');
    expect(revokeCalls(s).at(-1)).toMatchObject({ credentials: 'include', body: { token: 'access-1' } });
    expect(s.calls.at(-1)?.url).toBe('/oauth/token');
    expect(pendingSignOuts()).toEqual([]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a request meeting a 401 after the sign-out does not renew with the cookie either', async () => {
    saveToken(tokenResponse('access-1'));
    const s = setup();
    s.answer(new TypeError('Failed to fetch'));
    await s.client.signOut();

    s.answer(unauthorized(), new TypeError('Failed to fetch'));
    const error = await rejection(s.client.request('/api/v1/profile'));
    expect(error.status).toBe(401);
    expect(s.tokenCalls()).toHaveLength(0);
    expect(s.calls[1]?.headers.get('authorization')).toBeNull();
  });

  it('a new sign-in on the device works while it waits; the old session is then ended by its token alone', async () => {
    saveToken(tokenResponse('access-old'));
    const s = setup();
    s.answer(new TypeError('Failed to fetch'));
    await s.client.signOut();

    // The sign-in tries the waiting sign-out first (no answer), then signs in: a new cookie.
    s.answer(new TypeError('Failed to fetch'), json(tokenResponse('access-new')));
    await s.client.signIn({ client_id: 'next-person', client_secret: 'secret' });
    expect(pendingSignOuts()).toEqual([{ token: 'access-old', cookie: false }]);
    expect(storedToken()?.value).toBe('access-new');

    // The new session renews with its cookie; the old sign-out is sent first, without any cookie.
    localStorage.removeItem(TOKEN_KEY);
    s.answer(new Response(null, { status: 204 }), json(tokenResponse('access-new-2')));
    expect(await s.client.renewSession()).toBe('refreshed');
    const sent = revokeCalls(s).at(-1);
    expect(sent).toMatchObject({ credentials: 'omit', body: { token: 'access-old' } });
    expect(pendingSignOuts()).toEqual([]);
    expect(storedToken()?.value).toBe('access-new-2');
  });

  it('a sign-in after the connection returned ends the old session with its cookie first', async () => {
    saveToken(tokenResponse('access-old'));
    const s = setup();
    s.answer(new TypeError('Failed to fetch'));
    await s.client.signOut();

    s.answer(new Response(null, { status: 204 }), json(tokenResponse('access-new')));
    await s.client.signIn({ client_id: 'next-person', client_secret: 'secret' });
    expect(s.calls.map((c) => `${c.url} ${c.credentials}`).slice(1)).toEqual(['/oauth/revoke include', '/oauth/token include']);
    expect(pendingSignOuts()).toEqual([]);
  });

  it('flushSignOuts sends what waits, oldest first, and stops at the first without an answer', async () => {
    const s = setup();
    queueSignOut({ token: 'a', cookie: false });
    queueSignOut({ token: 'b', cookie: false });
    queueSignOut({ token: 'c', cookie: true });
    s.answer(new Response(null, { status: 204 }), new TypeError('Failed to fetch'));
    await s.client.flushSignOuts();
    expect(pendingSignOuts().map((e) => e.token)).toEqual(['b', 'c']);
    s.answer(new Response(null, { status: 204 }), new Response(null, { status: 204 }));
    await s.client.flushSignOuts();
    expect(revokeCalls(s).map((c) => (c.body as { token: string }).token)).toEqual(['a', 'b', 'b', 'c']);
    expect(pendingSignOuts()).toEqual([]);
  });
});

describe('errors', () => {
  it('rejects a network failure with an ApiError whose isOffline is true', async () => {
    const s = setup();
    s.answer(new TypeError('Failed to fetch'));

    const error = await rejection(s.client.request('/api/v1/profile'));

    expect(error.isOffline).toBe(true);
  });

  it('reports an answered request as not offline', async () => {
    const s = setup();
    s.answer(json({ message: 'Not found.', error: 'not_found' }, 404));

    const error = await rejection(s.client.request('/api/v1/shipments/X1'));

    expect(error.isOffline).toBe(false);
    expect(error.status).toBe(404);
  });

  it('uses "field: message" lines when field errors are present and non-empty', async () => {
    const s = setup();
    s.answer(
      json(
        {
          message: 'The request is not valid.',
          error: 'validation_failed',
          errors: { receiver_name: ['Name is required'], receiver_city: ['City is required'] },
        },
        400,
      ),
    );

    const error = await rejection(s.client.request('/api/v2/shipments/store', { method: 'POST', body: {} }));

    expect(error.message).toBe('receiver_name: Name is required\nreceiver_city: City is required');
    expect(error.fields).toEqual({ receiver_name: ['Name is required'], receiver_city: ['City is required'] });
  });

  it('uses the body message when errors is empty', async () => {
    const s = setup();
    s.answer(json({ message: 'The request is not valid.', error: 'validation_failed', errors: {} }, 400));

    const error = await rejection(s.client.request('/api/v1/profile', { method: 'POST', body: {} }));

    expect(error.message).toBe('The request is not valid.');
  });

  it('uses the body message when every field error list is empty', async () => {
    const s = setup();
    s.answer(json({ message: 'The request is not valid.', errors: { receiver_name: [] } }, 400));

    const error = await rejection(s.client.request('/api/v1/profile', { method: 'POST', body: {} }));

    expect(error.message).toBe('The request is not valid.');
  });

  it('uses the body message when there are no field errors', async () => {
    const s = setup();
    s.answer(json({ message: 'You do not have permission to do this.', error: 'forbidden' }, 403));

    const error = await rejection(s.client.request('/api/v1/admin/company/list'));

    expect(error.message).toBe('You do not have permission to do this.');
    expect(error.code).toBe('forbidden');
  });

  it('uses the error code when the body has no message', async () => {
    const s = setup();
    s.answer(json({ error: 'too_many_requests' }, 429));

    const error = await rejection(s.client.request('/api/v1/profile'));

    expect(error.message).toBe('too_many_requests');
  });

  it('uses the error code when the body message is empty', async () => {
    const s = setup();
    s.answer(json({ message: '', error: 'too_many_requests' }, 429));

    const error = await rejection(s.client.request('/api/v1/profile'));

    expect(error.message).toBe('too_many_requests');
  });
});

describe('json()', () => {
  const profileSchema = z.object({ name: z.string(), email: z.string() });

  it('returns the body validated by the given schema', async () => {
    const s = setup();
    s.answer(json({ name: 'Eva', email: 'eva@example.com' }));

    await expect(s.client.json('/api/v1/profile', profileSchema)).resolves.toEqual({ name: 'Eva', email: 'eva@example.com' });
  });

  it('rejects with an ApiError when the body has the wrong shape', async () => {
    const s = setup();
    s.answer(json({ name: 'Eva', email: 42 }));

    const error = await rejection(s.client.json('/api/v1/profile', profileSchema));

    expect(error.status).toBe(200);
  });
});

describe('renewing the session', () => {
  it('tells a refused refresh (the session is over) from no answer (offline: maybe later)', async () => {
    const s = setup();
    s.answer(json(tokenResponse('new')), refreshRejected(), new TypeError('Failed to fetch'), json({ error: 'internal_error' }, 503));

    expect(await s.client.renewSession()).toBe('refreshed');
    expect(storedToken()?.value).toBe('new');
    expect(await s.client.renewSession()).toBe('refused');
    expect(await s.client.renewSession()).toBe('offline');
    expect(await s.client.renewSession()).toBe('offline');
  });
});
