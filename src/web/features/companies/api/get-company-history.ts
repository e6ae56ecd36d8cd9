import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { companyHistoryEndpoint } from '#shared/contract/admin-companies.ts';
import { api } from '#web/lib/api.ts';
import { companyKeys } from './company-keys.ts';

export const HISTORY_PAGE = 20;

/** The company's audit entries, newest first, HISTORY_PAGE at a time. */
export function companyHistoryQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: companyKeys.history(id),
    queryFn: ({ pageParam, signal }) => api.call(companyHistoryEndpoint, { params: { id }, query: { skip: pageParam, take: HISTORY_PAGE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.entries.length, 0);
      return loaded < last.count ? loaded : undefined;
    },
    staleTime: 0,
  });
}

export function useCompanyHistory(id: string) {
  return useInfiniteQuery(companyHistoryQueryOptions(id));
}
