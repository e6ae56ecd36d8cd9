// The company list's filters as URL search params, so a reload or a shared link keeps them. A value
// that does not fit (an old link, a hand-edited URL) is dropped rather than failing the page.
import * as z from 'zod/mini';
import type { CompanyFilters } from '../api/company-keys.ts';

const lenient = <T extends z.core.SomeType>(schema: T) => z.optional(z.catch(z.optional(schema), undefined));
// The router reads `?ico=123` as a number: text filters accept both.
const text = lenient(z.pipe(z.union([z.string(), z.number()]), z.transform((v) => String(v).trim().slice(0, 200))));

export const companyListSearchSchema = z.object({
  name: text,
  city: text,
  country: lenient(z.string().check(z.regex(/^[A-Z]{2}$/))),
  ico: text,
});
export type CompanyListSearch = z.output<typeof companyListSearchSchema>;

/** The search without empty values, for a clean URL. */
export function compactCompanySearch(search: CompanyListSearch): CompanyListSearch {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== '')) as CompanyListSearch;
}

export function filtersFromCompanySearch(search: CompanyListSearch): CompanyFilters {
  const { ico, ...rest } = compactCompanySearch(search);
  return { ...rest, ...(ico ? { companyIdentificationNumber: ico } : {}) };
}
