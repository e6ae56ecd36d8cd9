import type { CompanyListQuery } from '#shared/contract/admin-companies.ts';

export type CompanyFilters = Pick<CompanyListQuery, 'name' | 'city' | 'country' | 'companyIdentificationNumber'>;

export interface CandidateCriteria {
  country: string;
  product: string;
  delivery_method: string;
  pickup_address_id: string;
}

/**
 * Every company query key comes from here; mutations invalidate through it. The root is the one
 * the shipment list's company filter caches under (`['admin', 'companies', 'list']`), so a company
 * added or removed here refreshes that filter too.
 */
export const companyKeys = {
  all: ['admin', 'companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (filters: CompanyFilters) => [...companyKeys.lists(), filters] as const,
  detail: (id: string) => [...companyKeys.all, 'detail', id] as const,
  history: (id: string) => [...companyKeys.all, 'history', id] as const,
  /** The first-run checklist (features/companies/components/setup-checklist.tsx): any company change may tick a step. */
  setup: () => [...companyKeys.all, 'setup'] as const,
  partners: () => [...companyKeys.all, 'partners'] as const,
  allPartners: () => [...companyKeys.partners(), 'all'] as const,
  candidates: (criteria: CandidateCriteria) => [...companyKeys.partners(), 'candidates', criteria] as const,
};
