import { beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { createApiClient } from '#web/lib/api-client.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { saveToken } from '#web/lib/token-store.ts';
import type { OutboxRow } from '#web/offline/db.ts';
import { createHttpSend, FORM_ERROR_KEY, outcomeOfError, SHIPMENT_STORE_PATH } from './send-outbox-row.ts';
import { CLIENT, wizardPayload } from '#tests/setup/web/offline-fixtures.ts';

const token: TokenResponse = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 900,
  data: { id: CLIENT, name: 'Demo User', role: 'USER', products: { SK: ['PRM'] } },
};

const row: OutboxRow = {
  id: 7,
  clientId: CLIENT,
  draftId: 'draft-1',
  idempotencyKey: '0b8f2f7e-4a0e-4f61-9d8c-7d0f4c1f2a33',
  payload: wizardPayload(),
  state: 'sending',
  attempts: 0,
  failures: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  updatedAt: 0,
};

const created = {
  message: 'Shipment created',
  consignment_number: 'PP0000000001',
  shipments: [
    { item_number: 'PP0000000001', tracking_number: 'CP000000015SK' },
    { item_number: 'PP0000000002', tracking_number: 'CP000000029SK' },
  ],
};

interface Call {
  url: string;
  init: RequestInit;
}

/** The API client on a fake fetch answering with `answer` (a Response, or an Error thrown as a network failure). */
function client(answer: (call: Call) => Response | Error | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    const a = await answer(call);
    if (a instanceof Error) throw a;
    return a;
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ fetch, language: () => 'en', onSessionEnded: () => {} }), calls };
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  localStorage.clear();
  saveToken(token);
});

describe('createHttpSend', () => {
  it('posts the payload to the v2 store route with the idempotency key and the bearer token', async () => {
    const { api, calls } = client(() => json(created, 201));
    const outcome = await createHttpSend(api)(row);

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(SHIPMENT_STORE_PATH);
    expect(SHIPMENT_STORE_PATH).toBe('/api/v2/shipments/store');
    expect(call?.init.method).toBe('POST');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('idempotency-key')).toBe(row.idempotencyKey);
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(call?.init.body))).toEqual(row.payload);
    expect(outcome).toEqual({
      type: 'accepted',
      result: { consignment_number: 'PP0000000001', item_numbers: ['PP0000000001', 'PP0000000002'], tracking_numbers: ['CP000000015SK', 'CP000000029SK'], replayed: false },
    });
  });

  it('notes a replayed answer, and takes any 2xx as a creation even if its body is unexpected', async () => {
    const replay = await createHttpSend(client(() => json(created, 201, { 'idempotent-replayed': 'true' })).api)(row);
    expect(replay).toMatchObject({ type: 'accepted', result: { replayed: true, consignment_number: 'PP0000000001' } });

    const odd = await createHttpSend(client(() => json({ ok: true }, 200)).api)(row);
    expect(odd).toEqual({ type: 'accepted', result: { consignment_number: null, item_numbers: [], tracking_numbers: [], replayed: false } });
  });

  it('retries a 2xx whose body was cut off: the replay will carry the numbers', async () => {
    const cut = new Response(new ReadableStream({ start: (c) => c.error(new TypeError('connection reset')) }), { status: 201 });
    const outcome = await createHttpSend(client(() => cut).api)(row);
    expect(outcome).toMatchObject({ type: 'retry', error: { status: 201, code: 'incomplete_response' } });
  });

  it('retries when there is no answer: a network failure or a timeout', async () => {
    const offline = await createHttpSend(client(() => new TypeError('Failed to fetch')).api)(row);
    expect(offline).toMatchObject({ type: 'retry', error: { status: 0, code: 'network_error' } });

    const hanging = client(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const timedOut = await createHttpSend(hanging.api, 20)(row);
    expect(timedOut).toMatchObject({ type: 'retry', error: { status: 0, code: 'timeout' } });
  });

  it.each([500, 502, 503, 408, 409, 425, 429])('retries a %i', async (status) => {
    const outcome = await createHttpSend(client(() => json({ message: 'Later', error: 'internal_error' }, status)).api)(row);
    expect(outcome).toEqual({ type: 'retry', error: { status, code: 'internal_error', message: 'Later' } });
  });

  it('keeps the Retry-After of a 429 or 503 (seconds or an HTTP date) so the retry waits at least that long', async () => {
    const seconds = await createHttpSend(client(() => json({ message: 'Slow down', error: 'rate_limited' }, 429, { 'retry-after': '120' })).api)(row);
    expect(seconds).toMatchObject({ type: 'retry', retryAfterMs: 120_000 });
    const date = new Date(Date.now() + 60_000).toUTCString();
    const dated = await createHttpSend(client(() => json({ message: 'Maintenance', error: 'internal_error' }, 503, { 'retry-after': date })).api)(row);
    expect(dated).toMatchObject({ type: 'retry' });
    expect((dated as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(55_000);
  });

  it('waits for a sign-in on a 401 that a refresh could not cure', async () => {
    const { api, calls } = client(({ url }) => json({ message: 'Unauthorized', error: url === '/oauth/token' ? 'invalid_grant' : 'unauthorized' }, 401));
    expect(await createHttpSend(api)(row)).toEqual({ type: 'unauthorized' });
    expect(calls.map((c) => c.url)).toEqual([SHIPMENT_STORE_PATH, '/oauth/token']);
  });

  it('rejects a 400 or 422 with the field errors, keyed as the server keys them', async () => {
    const errors = { 'parcels.0.weight': ['validation.too_large'], receiver_postal_code: ['validation.zip_invalid'] };
    for (const status of [400, 422]) {
      const outcome = await createHttpSend(client(() => json({ message: 'Invalid', error: 'validation_failed', errors }, status)).api)(row);
      expect(outcome).toEqual({ type: 'rejected', error: { status, code: 'validation_failed', message: 'Invalid' }, errors });
    }
  });

  it('rejects other refusals with their message as a form error (the same key with another body, a missing route)', async () => {
    const mismatch = await createHttpSend(client(() => json({ message: 'This request was already sent with different content.', error: 'validation_failed' }, 422)).api)(row);
    expect(mismatch).toMatchObject({ type: 'rejected', errors: { [FORM_ERROR_KEY]: ['This request was already sent with different content.'] } });
    const missing = await createHttpSend(client(() => json({ message: 'Not found', error: 'not_found' }, 404)).api)(row);
    expect(missing).toMatchObject({ type: 'rejected', error: { status: 404, code: 'not_found' } });
  });
});

describe('outcomeOfError', () => {
  it('maps an unknown failure to a retry and keeps its text', () => {
    expect(outcomeOfError(new Error('odd'))).toEqual({ type: 'retry', error: { status: 0, code: 'network_error', message: 'Error: odd' } });
    expect(outcomeOfError(ApiError.offline(new TypeError('x')))).toMatchObject({ type: 'retry', error: { status: 0 } });
  });
});
