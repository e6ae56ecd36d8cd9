import { queryOptions, useQuery } from '@tanstack/react-query';
import { myPickupAddressesEndpoint } from '#shared/contract/pickup-addresses.ts';
import { api } from '#web/lib/api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export function getPickupAddresses(signal?: AbortSignal) {
  return api.call(myPickupAddressesEndpoint, { signal });
}

/**
 * The caller's pickup addresses with their preferred partners. Persisted so the wizard works
 * offline; sign-out and session end remove the persisted cache, so the next user never sees them.
 */
export function pickupAddressesQueryOptions() {
  return queryOptions({
    queryKey: shipmentKeys.pickupAddresses(),
    queryFn: ({ signal }) => getPickupAddresses(signal),
    meta: { persist: true },
  });
}

export function usePickupAddresses() {
  return useQuery(pickupAddressesQueryOptions());
}
