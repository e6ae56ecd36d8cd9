import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { companyKeys } from './company-keys.ts';

/** After a change to a company: its detail and history are refetched, the lists and the first-run checklist marked stale. */
export function useRefreshCompany() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.history(id) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companyKeys.setup() }),
      ]),
    [queryClient],
  );
}
