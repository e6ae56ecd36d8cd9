import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { shipmentDetailEndpoint } from '#shared/contract/shipments.ts';
import { api } from '#web/lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export function getShipment(itemNumber: string, signal?: AbortSignal) {
  return api.call(shipmentDetailEndpoint, { params: { item_number: itemNumber }, signal });
}

export function shipmentQueryOptions(itemNumber: string) {
  return queryOptions({
    queryKey: shipmentKeys.detail(itemNumber),
    queryFn: ({ signal }) => getShipment(itemNumber, signal),
  });
}

export function useShipment(itemNumber: string) {
  return useSuspenseQuery(shipmentQueryOptions(itemNumber));
}
