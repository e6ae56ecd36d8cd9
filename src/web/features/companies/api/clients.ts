import { useMutation } from '@tanstack/react-query';
import { clientRegisterEndpoint, clientResetSecretEndpoint, clientUpdateEndpoint, type ClientRegisterInput, type ClientUpdateInput } from '#shared/contract/admin-clients.ts';
import { api } from '#web/lib/api.ts';
import { useRefreshCompany } from './use-refresh-company.ts';

/** Registers a client; the answer carries its generated secret, shown once. */
export function useRegisterClient(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (body: ClientRegisterInput) => api.call(clientRegisterEndpoint, { body }),
    onSuccess: () => refresh(companyId),
  });
}

/** Edits a client, or enables/disables it (the same PUT). */
export function useUpdateClient(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ClientUpdateInput }) => api.call(clientUpdateEndpoint, { params: { id }, body }),
    onSuccess: () => refresh(companyId),
  });
}

/** A new generated secret for the client, shown once. */
export function useResetClientSecret(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (id: string) => api.call(clientResetSecretEndpoint, { params: { id } }),
    onSuccess: () => refresh(companyId),
  });
}
