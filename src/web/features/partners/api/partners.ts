import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  networkPartnersEndpoint,
  partnerKeyCreateEndpoint,
  partnerKeyRevokeEndpoint,
  partnerKeysEndpoint,
  partnerServicesEndpoint,
  partnerServicesUpdateEndpoint,
  type NetworkPartner,
  type PartnerService,
} from '#shared/contract/admin-network.ts';
import { partnerPriorityEndpoint } from '#shared/contract/admin-pickup-addresses.ts';
import { partnerListEndpoint, partnerUpdateEndpoint, type PartnerUpdate } from '#shared/contract/tracking.ts';
import { api } from '#web/lib/api.ts';

/** Every partner query key comes from here. */
export const partnerKeys = {
  all: ['partners'] as const,
  list: () => [...partnerKeys.all, 'list'] as const,
  network: () => [...partnerKeys.all, 'network'] as const,
  services: (id: number) => [...partnerKeys.all, 'services', id] as const,
  keys: (id: number) => [...partnerKeys.all, 'keys', id] as const,
};

export function partnersQueryOptions() {
  return queryOptions({
    queryKey: partnerKeys.list(),
    queryFn: ({ signal }) => api.call(partnerListEndpoint, { signal }),
  });
}

export function usePartners() {
  return useQuery(partnersQueryOptions());
}

/** The network page's partners: priority and the counts of services, active keys and active points. */
export function networkPartnersQueryOptions() {
  return queryOptions({
    queryKey: partnerKeys.network(),
    queryFn: ({ signal }) => api.call(networkPartnersEndpoint, { signal }),
  });
}

export function useNetworkPartners() {
  return useQuery(networkPartnersQueryOptions());
}

function usePatchNetworkPartner() {
  const queryClient = useQueryClient();
  return (id: number, patch: Partial<NetworkPartner>) =>
    queryClient.setQueryData(networkPartnersQueryOptions().queryKey, (list) => list?.map((p) => (p.id === id ? { ...p, ...patch } : p)));
}

/** PATCH a partner's tracking page template; the lists show the saved value at once. */
export function useUpdatePartner() {
  const queryClient = useQueryClient();
  const patchNetwork = usePatchNetworkPartner();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: PartnerUpdate }) => api.call(partnerUpdateEndpoint, { params: { id }, body: update }),
    onSuccess: (saved) => {
      queryClient.setQueryData(partnersQueryOptions().queryKey, (list) => list?.map((p) => (p.id === saved.id ? saved : p)));
      patchNetwork(saved.id, { tracking_url_template: saved.tracking_url_template });
    },
  });
}

/** PUT a partner's priority (1–10). */
export function useUpdatePriority() {
  const patchNetwork = usePatchNetworkPartner();
  return useMutation({
    mutationFn: ({ partnerId, priority }: { partnerId: number; priority: number }) => api.call(partnerPriorityEndpoint, { body: { partnerId, priority } }),
    onSuccess: (saved) => patchNetwork(saved.id, { priority: saved.priority }),
  });
}

export function partnerServicesQueryOptions(id: number) {
  return queryOptions({
    queryKey: partnerKeys.services(id),
    queryFn: ({ signal }) => api.call(partnerServicesEndpoint, { params: { id }, signal }),
    staleTime: 0,
  });
}

export function usePartnerServices(id: number) {
  return useQuery(partnerServicesQueryOptions(id));
}

/** PUT the partner's whole services grid; `confirm` also removes the preferences of removed services. */
export function useUpdatePartnerServices(id: number) {
  const queryClient = useQueryClient();
  const patchNetwork = usePatchNetworkPartner();
  return useMutation({
    mutationFn: ({ services, confirm }: { services: PartnerService[]; confirm: boolean }) =>
      api.call(partnerServicesUpdateEndpoint, { params: { id }, body: { services, confirm } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(partnerServicesQueryOptions(id).queryKey, saved);
      patchNetwork(id, { service_count: saved.services.length });
    },
  });
}

export function partnerKeysQueryOptions(id: number) {
  return queryOptions({
    queryKey: partnerKeys.keys(id),
    queryFn: ({ signal }) => api.call(partnerKeysEndpoint, { params: { id }, signal }),
    staleTime: 0,
  });
}

export function usePartnerKeys(id: number) {
  return useQuery(partnerKeysQueryOptions(id));
}

function useRefreshKeys(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partnerKeys.keys(id) }),
      queryClient.invalidateQueries({ queryKey: partnerKeys.network() }),
    ]);
}

/** A new feed key: the answer holds its secret, shown once. */
export function useCreatePartnerKey(id: number) {
  const refresh = useRefreshKeys(id);
  return useMutation({
    mutationFn: () => api.call(partnerKeyCreateEndpoint, { params: { id } }),
    onSuccess: () => void refresh(),
  });
}

export function useRevokePartnerKey(id: number) {
  const refresh = useRefreshKeys(id);
  return useMutation({
    mutationFn: (keyId: string) => api.call(partnerKeyRevokeEndpoint, { params: { id, keyId } }),
    onSuccess: () => void refresh(),
  });
}
