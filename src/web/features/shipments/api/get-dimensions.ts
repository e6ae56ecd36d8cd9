import { queryOptions, useQuery } from '@tanstack/react-query';
import { dimensionsEndpoint } from '#shared/contract/shipments.ts';
import type { DeliveryMethod, Product } from '#shared/domain/enums.ts';
import { api } from '#web/lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export function dimensionsQueryOptions(country: string, product: Product | undefined, deliveryType: DeliveryMethod | undefined) {
  return queryOptions({
    queryKey: shipmentKeys.dimensions(country, product, deliveryType),
    queryFn: ({ signal }) => api.call(dimensionsEndpoint, { query: { country, product, delivery_type: deliveryType }, signal }),
    enabled: country.length === 2,
    staleTime: 24 * 60 * 60 * 1000,
    meta: { persist: true },
  });
}

/** "max N cm" limits of the destination; absent while unknown or when the server has none. */
export function useDimensions(country: string, product: Product | undefined, deliveryType: DeliveryMethod | undefined) {
  return useQuery(dimensionsQueryOptions(country, product, deliveryType));
}
