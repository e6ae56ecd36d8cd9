import { queryOptions, useQuery } from '@tanstack/react-query';
import { importListEndpoint, type ImportRecord } from '#shared/contract/imports.ts';
import { IMPORT_REFRESH_MS } from '#shared/domain/limits.ts';
import { api } from '#web/lib/api.ts';
import { importKeys } from './import-keys.ts';

/** While an import runs its progress bar should move: poll faster until none is PROCESSING. */
export const IMPORT_PROGRESS_REFRESH_MS = 2_000;

export function getImports(signal?: AbortSignal) {
  return api.call(importListEndpoint, { signal });
}

export function refreshInterval(records: readonly ImportRecord[] | undefined): number {
  return records?.some((r) => r.status === 'PROCESSING') ? IMPORT_PROGRESS_REFRESH_MS : IMPORT_REFRESH_MS;
}

/** The import history (newest first), refreshed every 10 s as the spec asks, every 2 s while one runs. */
export function importsQueryOptions() {
  return queryOptions({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => getImports(signal),
    refetchInterval: (query) => refreshInterval(query.state.data),
  });
}

export function useImports() {
  return useQuery(importsQueryOptions());
}
