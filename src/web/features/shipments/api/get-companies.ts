import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyListSchema } from '../../../../shared/contract/admin-companies.ts';
import { api } from '../../../lib/api.ts';

/** The admin's company filter: every client company as {id, name}, cached 60 s (spec section 9). */
export const companyListKey = ['admin', 'companies', 'list'] as const;

export function getCompanies(signal?: AbortSignal) {
  return api.json('/api/v1/admin/company/list', companyListSchema, { signal });
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
