import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { COMPANY_LIST_PAGE, companyListEndpoint } from '#shared/contract/admin-companies.ts';
import { api } from '#web/lib/api.ts';
import { companyKeys, type CompanyFilters } from './company-keys.ts';

export function getCompanies(filters: CompanyFilters, skip: number, signal?: AbortSignal) {
  return api.call(companyListEndpoint, { query: { ...filters, skip, take: COMPANY_LIST_PAGE }, signal });
}

/** The company cards, COMPANY_LIST_PAGE at a time ("More" asks for the next page), cached 60 s (spec section 9). */
export function companiesQueryOptions(filters: CompanyFilters) {
  return infiniteQueryOptions({
    queryKey: companyKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getCompanies(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < COMPANY_LIST_PAGE ? undefined : pages.reduce((n, p) => n + p.length, 0)),
    staleTime: 60_000,
  });
}

export function useCompanies(filters: CompanyFilters) {
  return useInfiniteQuery(companiesQueryOptions(filters));
}
