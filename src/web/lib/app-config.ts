import { queryOptions, useQuery } from '@tanstack/react-query';
import { appConfigEndpoint } from '#shared/contract/app-config.ts';
import { api } from './api.ts';

export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'] as const,
  queryFn: ({ signal }) => api.call(appConfigEndpoint, { signal }),
  staleTime: 60 * 60 * 1000,
  // Installation settings, no client data: safe to keep for offline starts.
  meta: { persist: true },
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}
