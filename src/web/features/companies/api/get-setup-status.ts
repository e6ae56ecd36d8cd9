import { useQuery } from '@tanstack/react-query';
import { setupStatusEndpoint } from '#shared/contract/admin-setup.ts';
import { api } from '#web/lib/api.ts';
import { companyKeys } from './company-keys.ts';

/** The first-run checklist's state; read fresh on every visit (a step may have been done in another tab). */
export function useSetupStatus() {
  return useQuery({
    queryKey: companyKeys.setup(),
    queryFn: ({ signal }) => api.call(setupStatusEndpoint, { signal }),
    staleTime: 0,
  });
}
