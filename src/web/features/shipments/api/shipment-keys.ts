import type { ShipmentListFilters } from '#shared/contract/shipments.ts';

/** Every shipment query key comes from here; mutations invalidate `shipmentKeys.all`. */
export const shipmentKeys = {
  all: ['shipments'] as const,
  lists: () => [...shipmentKeys.all, 'list'] as const,
  list: (filters: Omit<ShipmentListFilters, 'skip' | 'take'>) => [...shipmentKeys.lists(), filters] as const,
  detail: (itemNumber: string) => [...shipmentKeys.all, 'detail', itemNumber] as const,
  dimensions: (country: string, product: string | undefined, deliveryType: string | undefined) =>
    [...shipmentKeys.all, 'dimensions', country, product ?? '', deliveryType ?? ''] as const,
  pickupPoints: (country: string, q: string, position: { lat: number; lng: number } | null) => [...shipmentKeys.all, 'pickup-points', country, q, position] as const,
  pickupAddresses: () => [...shipmentKeys.all, 'pickup-addresses'] as const,
};
