import { queryOptions, useQuery } from '@tanstack/react-query';
import { importListEndpoint, type ImportRecord } from '#shared/contract/imports.ts';
import { IMPORT_REFRESH_MS } from '#shared/domain/limits.ts';
import { api } from '#web/lib/api.ts';
import { importKeys } from './import-keys.ts';

/** While an import runs its progress bar should move: poll faster until none is PROCESSING. */
export const IMPORT_PROGRESS_REFRESH_MS = 2_000;
/** An import with few rows left (or not counted yet, just uploaded) ends within a second or so: its end is shown that soon. */
export const IMPORT_ENDING_REFRESH_MS = 500;
const FEW_ROWS_LEFT = 10_000;

export function getImports(signal?: AbortSignal) {
  return api.call(importListEndpoint, { signal });
}

export function refreshInterval(records: readonly ImportRecord[] | undefined): number {
  const running = records?.filter((r) => r.status === 'PROCESSING') ?? [];
  if (running.length === 0) return IMPORT_REFRESH_MS;
  return running.some((r) => r.total_shipments - r.progress <= FEW_ROWS_LEFT) ? IMPORT_ENDING_REFRESH_MS : IMPORT_PROGRESS_REFRESH_MS;
}

/** The import history (newest first), refreshed every 10 s as the spec asks, every 2 s while one runs (0.5 s near its end). */
export function importsQueryOptions() {
  return queryOptions({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => getImports(signal),
    refetchInterval: (query) => refreshInterval(query.state.data),
    // Kept on this device (until sign-out): offline the history last loaded shows, marked with its
    // time, as the shipment list does (README notes 117 and 124).
    meta: { persist: true },
  });
}

export function useImports() {
  return useQuery(importsQueryOptions());
}
