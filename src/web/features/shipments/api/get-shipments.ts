import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { shipmentListEndpoint, type ShipmentListFilters } from '#shared/contract/shipments.ts';
import { PAGE_SIZE_SHIPMENTS } from '#shared/domain/limits.ts';
import { api } from '#web/lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export type ShipmentFilters = Omit<ShipmentListFilters, 'skip' | 'take'>;

export function getShipments(filters: ShipmentFilters, skip: number, signal?: AbortSignal) {
  return api.call(shipmentListEndpoint, { query: { ...filters, skip, take: PAGE_SIZE_SHIPMENTS }, signal });
}

/** The list, 25 at a time; "More" fetches the next page after the rows already shown. */
export function shipmentsQueryOptions(filters: ShipmentFilters) {
  return infiniteQueryOptions({
    queryKey: shipmentKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getShipments(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.shipments.length, 0);
      return loaded < last.count ? loaded : undefined;
    },
    // A list changes as others work: refresh when it is shown again after a short while.
    staleTime: 15_000,
    // The unfiltered list is kept on this device (until sign-out), so that offline the last
    // loaded list shows, marked as such, instead of nothing. Filtered lists are not kept.
    meta: { persist: Object.keys(filters).length === 0 },
  });
}

export function useShipments(filters: ShipmentFilters) {
  return useInfiniteQuery(shipmentsQueryOptions(filters));
}
