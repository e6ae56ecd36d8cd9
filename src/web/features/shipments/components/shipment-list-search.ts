// The shipment list's filters as URL search params, so a reload or a shared link keeps them.
// A value that does not fit (an old link, a hand-edited URL) is dropped rather than failing the page.
import * as z from 'zod/mini';
import { DELIVERY_METHODS, PARTNERS, SHIPMENT_STATUSES } from '#shared/domain/enums.ts';
import { TRACKING_STATUSES } from '#shared/domain/tracking-events.ts';
import type { ShipmentFilters } from '../api/get-shipments.ts';

const lenient = <T extends z.core.SomeType>(schema: T) => z.optional(z.catch(z.optional(schema), undefined));

// The router reads `?reference_number=123` as a number: text filters accept both.
const text = lenient(z.pipe(z.union([z.string(), z.number()]), z.transform((v) => String(v).trim().slice(0, 50))));
const day = lenient(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));
const partnerIds = Object.values(PARTNERS) as number[];

export const shipmentListSearchSchema = z.object({
  reference_number: text,
  item_number: text,
  tracking_number: text,
  country: lenient(z.string().check(z.regex(/^[A-Z]{2}$/))),
  status: lenient(z.enum(SHIPMENT_STATUSES)),
  tracking_status: lenient(z.enum(TRACKING_STATUSES)),
  // The label printed or not (issue 33); the router reads `?label_printed=false` as a boolean.
  label_printed: lenient(z.boolean()),
  createdFrom: day,
  createdTo: day,
  // ADMIN only (spec section 6); ignored for everyone else.
  company_id: lenient(z.string().check(z.uuid())),
  delivery_method: lenient(z.enum(DELIVERY_METHODS)),
  partner_id: lenient(z.number().check(z.refine((v) => partnerIds.includes(v)))),
  // The sort, not a filter: only "oldest" is written (newest first is the default).
  order: lenient(z.enum(['oldest'])),
});

export type ShipmentListSearch = z.output<typeof shipmentListSearchSchema>;

export const ADMIN_ONLY_FILTERS = ['company_id', 'delivery_method', 'partner_id'] as const;

/** The search without empty values, for a clean URL. */
export function compactSearch(search: ShipmentListSearch): ShipmentListSearch {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== '')) as ShipmentListSearch;
}

/** How many filters are in force (the sort is not one). */
export function countFilters(search: ShipmentListSearch, isAdmin: boolean): number {
  return Object.keys(filtersFromSearch(search, isAdmin)).filter((key) => key !== 'order').length;
}

/** The API's list filters and sort; the admin-only filters are left out for other roles (the API refuses them). */
export function filtersFromSearch(search: ShipmentListSearch, isAdmin: boolean): ShipmentFilters {
  const filters: Record<string, unknown> = compactSearch(search);
  if (!isAdmin) for (const key of ADMIN_ONLY_FILTERS) delete filters[key];
  return filters as ShipmentFilters;
}
