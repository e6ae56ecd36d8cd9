import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { shipmentSchema } from '../../../../shared/contract/shipments.ts';
import { api } from '../../../lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export function getShipment(itemNumber: string, signal?: AbortSignal) {
  return api.json(`/api/v1/shipments/${encodeURIComponent(itemNumber)}`, shipmentSchema, { signal });
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
