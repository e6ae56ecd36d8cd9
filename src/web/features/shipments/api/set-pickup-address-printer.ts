import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pickupAddressLabelPrinterEndpoint, type PickupAddress } from '#shared/contract/pickup-addresses.ts';
import type { LabelPrinter } from '#shared/domain/label-formats.ts';
import { api } from '#web/lib/api.ts';
import { pickupAddressesQueryOptions } from './get-pickup-addresses.ts';

/** Sets a pickup address's label printer (null: the company's); the kept list of addresses takes the answer. */
export function useSetPickupAddressPrinter() {
  const queryClient = useQueryClient();
  const { queryKey } = pickupAddressesQueryOptions();
  return useMutation({
    mutationFn: ({ id, labelPrinter }: { id: string; labelPrinter: LabelPrinter | null }) =>
      api.call(pickupAddressLabelPrinterEndpoint, { params: { id }, body: { labelPrinter } }),
    onSuccess: (saved: PickupAddress) => {
      queryClient.setQueryData(queryKey, (addresses) => addresses?.map((address) => (address.id === saved.id ? saved : address)));
    },
  });
}
