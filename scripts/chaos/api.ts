// The chaos script's own calls to the server (sign-in, uploads, polls): each is retried while the
// server is down or restarting, as a page would keep polling, until a deadline.
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import type { TokenResponse } from '#shared/contract/auth.ts';
import type { ImportRecord } from '#shared/contract/imports.ts';

export interface Api {
  base: string;
  signIn(clientId: string, secret: string): Promise<TokenResponse>;
  /** The answer of `path` once the server answers something other than a network error, 5xx or 409/429 (which are retried). */
  call(path: string, init?: RequestInit, deadlineMs?: number): Promise<Response>;
  json<T>(path: string, init?: RequestInit): Promise<T>;
}

const RETRIED = new Set([408, 409, 425, 429, 502, 503, 504]);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createApi(base: string, fetchDirect: typeof fetch = globalThis.fetch): Api {
  const api: Api = {
    base,
    async call(path, init = {}, deadlineMs = 180_000) {
      const until = Date.now() + deadlineMs;
      let last = '';
      while (Date.now() < until) {
        try {
          const response = await fetchDirect(`${base}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
          if (!RETRIED.has(response.status) && response.status < 500) return response;
          last = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
          await pause(Number(response.headers.get('retry-after') ?? 0) * 1000 || 500);
        } catch (error) {
          last = (error as Error).message;
          await pause(250);
        }
      }
      throw new Error(`${init.method ?? 'GET'} ${path}: no answer within ${deadlineMs / 1000} s (last: ${last})`);
    },
    async json<T>(path: string, init?: RequestInit) {
      const response = await api.call(path, init);
      if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    },
    signIn(clientId, secret) {
      return api.json<TokenResponse>('/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
      });
    },
  };
  return api;
}

/** Uploads a CSV import with an idempotency key (resent with the same key until it is answered); answers the import's id. */
export async function uploadImport(api: Api, bearer: string, filename: string, bytes: Uint8Array): Promise<string> {
  const body = JSON.stringify({ type: 'csv', filename, file: Buffer.from(bytes).toString('base64') });
  const { id } = await api.json<{ id: string }>('/api/v1/shipments/import', {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body,
  });
  return id;
}

export async function importRecord(api: Api, bearer: string, id: string): Promise<ImportRecord> {
  const list = await api.json<ImportRecord[]>('/api/v1/shipments/import', { headers: { authorization: `Bearer ${bearer}` } });
  const record = list.find((r) => r.id === id);
  if (!record) throw new Error(`import ${id} is not in the history`);
  return record;
}

/** Polls the import until it is no longer PROCESSING (every `everyMs`); `onPoll` sees each answer. */
export async function awaitImport(api: Api, bearer: string, id: string, options: { everyMs: number; timeoutMs: number; onPoll?: (record: ImportRecord) => void | Promise<void> }): Promise<ImportRecord> {
  const until = Date.now() + options.timeoutMs;
  for (;;) {
    const record = await importRecord(api, bearer, id);
    await options.onPoll?.(record);
    if (record.status !== 'PROCESSING') return record;
    if (Date.now() > until) throw new Error(`import ${id} still PROCESSING after ${options.timeoutMs / 1000} s (progress ${record.progress}/${record.total_shipments})`);
    await pause(options.everyMs);
  }
}

export interface ResultRow {
  status: string;
  itemNumber: string;
  trackingNumber: string;
  reference: string;
}

/** The import's result file (CSV): one row per uploaded row with its outcome. */
export async function importResultRows(api: Api, bearer: string, id: string): Promise<ResultRow[]> {
  const response = await api.call(`/api/v1/shipments/import/${id}`, { headers: { authorization: `Bearer ${bearer}` } });
  if (!response.ok) throw new Error(`result file of ${id}: HTTP ${response.status}`);
  const text = (await response.text()).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, delimiter: ';', skipEmptyLines: true });
  return parsed.data.map((row) => ({
    status: row.Status ?? '',
    itemNumber: row.item_number ?? '',
    trackingNumber: row.tracking_number ?? '',
    reference: row.reference_number ?? '',
  }));
}
