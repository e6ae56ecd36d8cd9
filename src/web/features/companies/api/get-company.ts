import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { companyDetailEndpoint } from '#shared/contract/admin-companies.ts';
import { api } from '#web/lib/api.ts';
import { companyKeys } from './company-keys.ts';

export function getCompany(id: string, signal?: AbortSignal) {
  return api.call(companyDetailEndpoint, { params: { id }, signal });
}

/** One company with its products, bank accounts, clients and pickup addresses. */
export function companyQueryOptions(id: string) {
  return queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => getCompany(id, signal),
  });
}

/** The detail page: the route's loader has fetched it. */
export function useCompany(id: string) {
  return useSuspenseQuery(companyQueryOptions(id));
}

/** The partner screen reads the company fresh each time (spec section 9: staleTime 0 there). */
export function useFreshCompany(id: string) {
  return useQuery({ ...companyQueryOptions(id), staleTime: 0 });
}
