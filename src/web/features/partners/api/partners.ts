import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { partnerListEndpoint, partnerUpdateEndpoint, type PartnerUpdate } from '../../../../shared/contract/tracking.ts';
import { api } from '../../../lib/api.ts';

/** Every partner query key comes from here. */
export const partnerKeys = {
  all: ['partners'] as const,
  list: () => [...partnerKeys.all, 'list'] as const,
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

/** PATCH a partner's tracking page template; the list shows the saved value at once. */
export function useUpdatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: PartnerUpdate }) => api.call(partnerUpdateEndpoint, { params: { id }, body: update }),
    onSuccess: (saved) => {
      queryClient.setQueryData(partnersQueryOptions().queryKey, (list) => list?.map((p) => (p.id === saved.id ? saved : p)));
    },
  });
}
