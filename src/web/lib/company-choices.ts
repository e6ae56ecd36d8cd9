// The admin's company choices: the client companies that the shipment list's and the reports' company
// filters offer (one query and one cache entry for both).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The admin's company filter: the client companies (up to COMPANY_LIST_MAX, by name), cached 60 s (spec section 9). */
export const companyListKey = ['admin', 'companies', 'list'] as const;

export async function getCompanies(signal?: AbortSignal) {
  // The admin contract (its schemas, their messages) loads when an admin asks, not with the
  // shipment list every client opens on.
  const { COMPANY_LIST_MAX, companyListEndpoint } = await import('#shared/contract/admin-companies.ts');
  return api.call(companyListEndpoint, { query: { take: String(COMPANY_LIST_MAX) }, signal });
}

export function companiesQueryOptions() {
  return queryOptions({
    queryKey: companyListKey,
    queryFn: ({ signal }) => getCompanies(signal),
    staleTime: 60_000,
  });
}

/** Only admins may list companies; for everyone else the query stays idle. */
export function useCompanies(enabled: boolean) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
