import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shipmentBulkDeleteEndpoint, shipmentDeleteEndpoint } from '#shared/contract/shipments.ts';
import { api } from '#web/lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export function deleteShipment(itemNumber: string) {
  return api.call(shipmentDeleteEndpoint, { params: { item_number: itemNumber } });
}

export function deleteShipments(itemNumbers: string[]) {
  return api.call(shipmentBulkDeleteEndpoint, { body: { item_numbers: itemNumbers } });
}

/** Single or bulk delete (all or nothing on the server); refreshes every shipment query. */
export function useDeleteShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemNumbers: string[]) => (itemNumbers.length === 1 ? deleteShipment(itemNumbers[0]!) : deleteShipments(itemNumbers)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
