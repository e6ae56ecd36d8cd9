import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manifestGenerateEndpoint, type ManifestGenerateRequest } from '#shared/contract/manifests.ts';
import { downloadFromApi } from '#web/lib/download-from-api.ts';
import { shipmentKeys } from './shipment-keys.ts';

/**
 * The manifest of the selected shipments (all CREATED, else 400 naming the others): one PDF, or a
 * zip of one per pickup address and partner. They become MANIFESTED, so every shipment query is refreshed.
 */
export function createManifest(itemNumbers: string[]) {
  const body: ManifestGenerateRequest = { item_numbers: itemNumbers };
  return downloadFromApi(manifestGenerateEndpoint, { body }, 'manifest.pdf');
}

export function useCreateManifest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManifest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
