import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pointDirectoryImportEndpoint, pointDirectoryImportsEndpoint, type PointDirectoryUpload } from '#shared/contract/admin-pickup-points.ts';
import { PARTNERS, type PartnerCode } from '#shared/domain/enums.ts';
import { api } from '#web/lib/api.ts';
import { partnerKeys } from './partners.ts';

/** The partners that publish a pickup-point directory. */
export const DIRECTORY_PARTNERS = ['SPS', 'ONE_CZ', 'POST_HU', 'POST_PL'] as const satisfies readonly PartnerCode[];
export const DIRECTORY_PARTNER_IDS: readonly number[] = DIRECTORY_PARTNERS.map((code) => PARTNERS[code]);

export const directoryKeys = {
  imports: () => [...partnerKeys.all, 'directory-imports'] as const,
};

/** The last 50 directory imports, newest first. */
export function directoryImportsQueryOptions() {
  return queryOptions({
    queryKey: directoryKeys.imports(),
    queryFn: ({ signal }) => api.call(pointDirectoryImportsEndpoint, { signal }),
    staleTime: 0,
  });
}

export function useDirectoryImports() {
  return useQuery(directoryImportsQueryOptions());
}

/** Uploads a partner's directory; the history and the partners' point counts are refreshed. */
export function useImportDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: PointDirectoryUpload) => api.call(pointDirectoryImportEndpoint, { body: upload }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: directoryKeys.imports() }),
        queryClient.invalidateQueries({ queryKey: partnerKeys.network() }),
      ]),
  });
}
