import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shipmentStoreEndpoint, type ShipmentCreate } from '#shared/contract/shipments.ts';
import { api } from '#web/lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export function createShipment(payload: ShipmentCreate) {
  return api.call(shipmentStoreEndpoint, { body: payload });
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() }),
  });
}
