import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pickupPointListSchema } from '../../../../shared/contract/pickup-points.ts';
import { api } from '../../../lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export type Position = { lat: number; lng: number };

export function pickupPointsQueryOptions(country: string, q: string, position: Position | null) {
  return queryOptions({
    queryKey: shipmentKeys.pickupPoints(country, q, position),
    queryFn: ({ signal }) =>
      api.json('/api/v1/pickup-points', pickupPointListSchema, { query: { country, q, lat: position?.lat, lng: position?.lng }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60 * 1000,
  });
}

export function usePickupPoints(country: string, q: string, position: Position | null, enabled: boolean) {
  return useQuery({ ...pickupPointsQueryOptions(country, q, position), enabled });
}
