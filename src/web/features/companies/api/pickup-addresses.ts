import { useMutation } from '@tanstack/react-query';
import { pickupAddressDeleteEndpoint, pickupAddressSaveEndpoint, type PickupAddressSaveInput } from '#shared/contract/admin-pickup-addresses.ts';
import { api } from '#web/lib/api.ts';
import { useRefreshCompany } from './use-refresh-company.ts';

/** Creates a pickup address (no id) or updates it (id); clientIds replace its assigned clients. */
export function useSavePickupAddress(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (body: PickupAddressSaveInput) => api.call(pickupAddressSaveEndpoint, { params: { companyId }, body }),
    onSuccess: () => refresh(companyId),
  });
}

export function useDeletePickupAddress(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (id: string) => api.call(pickupAddressDeleteEndpoint, { params: { id } }),
    onSuccess: () => refresh(companyId),
  });
}
