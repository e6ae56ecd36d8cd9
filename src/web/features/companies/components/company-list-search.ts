// The company list's filters as URL search params, so a reload or a shared link keeps them. A value
// that does not fit (an old link, a hand-edited URL) is dropped rather than failing the page.
import type { CompanyFilters } from '../api/company-keys.ts';

export interface CompanyListSearch {
  name?: string | undefined;
  city?: string | undefined;
  country?: string | undefined;
  ico?: string | undefined;
}

// Plain checks rather than a zod schema: the route's search validation is part of the app's first
// load (the /user/login budget), the company screens are not.
// The router reads `?ico=123` as a number: text filters accept both.
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, 200) : undefined);

/** The route's validateSearch: text filters trimmed (200 characters at most), a country as two capitals; anything else dropped. */
export function validateCompanySearch(search: Record<string, unknown>): CompanyListSearch {
  const country = typeof search.country === 'string' && /^[A-Z]{2}$/.test(search.country) ? search.country : undefined;
  return compactCompanySearch({ name: text(search.name), city: text(search.city), country, ico: text(search.ico) });
}

/** The search without empty values, for a clean URL. */
export function compactCompanySearch(search: CompanyListSearch): CompanyListSearch {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== '')) as CompanyListSearch;
}

export function filtersFromCompanySearch(search: CompanyListSearch): CompanyFilters {
  const { ico, ...rest } = compactCompanySearch(search);
  return { ...rest, ...(ico ? { companyIdentificationNumber: ico } : {}) };
}
