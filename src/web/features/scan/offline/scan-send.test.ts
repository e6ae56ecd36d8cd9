import { beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { createApiClient } from '#web/lib/api-client.ts';
import { saveToken } from '#web/lib/token-store.ts';
import type { ScanRow } from '#web/offline/db.ts';
import { createScanSend, PARCEL_STATUS_PATH } from './scan-send.ts';

const token: TokenResponse = { access_token: 'access-1', token_type: 'Bearer', expires_in: 900, data: { id: 'admin', name: 'Admin', role: 'ADMIN', products: {} } };
const row: ScanRow = {
  id: 3,
  clientId: 'admin',
  status: 'ARRIVED',
  parcelIds: ['CP000000015SK', 'PP0000000002'],
  scannedAt: Date.UTC(2026, 10, 2, 7, 59, 30, 250),
  idempotencyKey: '0b8f2f7e-4a0e-4f61-9d8c-7d0f4c1f2a33',
  state: 'sending',
  attempts: 0,
  failures: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  updatedAt: 0,
};
const answer = {
  updated: 1,
  results: [
    { parcel_id: 'CP000000015SK', result: 'updated', status: 'ARRIVED', item_number: 'PP0000000001' },
    { parcel_id: 'PP0000000002', result: 'not_allowed', status: 'SENT', item_number: 'PP0000000002' },
  ],
};

function client(answerWith: (url: string) => Response | Error) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const a = answerWith(String(input));
    if (a instanceof Error) throw a;
    return a;
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ fetch, language: () => 'en', onSessionEnded: () => {} }), calls };
}
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  saveToken(token);
});

describe('createScanSend', () => {
  it('posts status, ids and the press time (ISO) with the idempotency key, and keeps the answer per id', async () => {
    const { api, calls } = client(() => json(answer, 200));
    const outcome = await createScanSend(api)(row);

    expect(calls[0]?.url).toBe(PARCEL_STATUS_PATH);
    expect(PARCEL_STATUS_PATH).toBe('/api/v1/admin/shipments/parcel-status');
    expect(calls[0]?.init.method).toBe('POST');
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('idempotency-key')).toBe(row.idempotencyKey);
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ status: 'ARRIVED', parcels_id: row.parcelIds, scanned_at: '2026-11-02T07:59:30.250Z' });
    expect(outcome).toEqual({ type: 'accepted', result: answer.results });
  });

  it('takes a 2xx with an unexpected body as applied (never sent again), with no details', async () => {
    expect(await createScanSend(client(() => json({ ok: true }, 200)).api)(row)).toEqual({ type: 'accepted', result: [] });
  });

  it.each([400, 403, 422])('rejects a %i and keeps its message', async (status) => {
    const outcome = await createScanSend(client(() => json({ message: 'No', error: 'validation_failed', errors: { parcels_id: ['scan.parcels_id.required'] } }, status)).api)(row);
    expect(outcome).toEqual({ type: 'rejected', error: { status, code: 'validation_failed', message: 'No' }, errors: { parcels_id: ['scan.parcels_id.required'] } });
  });

  it.each([409, 500, 503])('retries a %i', async (status) => {
    expect(await createScanSend(client(() => json({ message: 'Later', error: 'conflict' }, status)).api)(row)).toMatchObject({ type: 'retry', error: { status } });
  });

  it('retries without an answer and waits for a sign-in after a 401 no refresh cures', async () => {
    expect(await createScanSend(client(() => new TypeError('Failed to fetch')).api)(row)).toMatchObject({ type: 'retry', error: { status: 0, code: 'network_error' } });
    expect(await createScanSend(client(() => json({ message: 'Unauthorized', error: 'unauthorized' }, 401)).api)(row)).toEqual({ type: 'unauthorized' });
  });
});
