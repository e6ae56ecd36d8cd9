import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pickupPointSearchEndpoint } from '#shared/contract/pickup-points.ts';
import { api } from '#web/lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export type Position = { lat: number; lng: number };

export function pickupPointsQueryOptions(country: string, q: string, position: Position | null) {
  return queryOptions({
    queryKey: shipmentKeys.pickupPoints(country, q, position),
    queryFn: ({ signal }) =>
      api.call(pickupPointSearchEndpoint, { query: { country, q, lat: position ? String(position.lat) : undefined, lng: position ? String(position.lng) : undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60 * 1000,
  });
}

export function usePickupPoints(country: string, q: string, position: Position | null, enabled: boolean) {
  return useQuery({ ...pickupPointsQueryOptions(country, q, position), enabled });
}
