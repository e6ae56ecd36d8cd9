import { useMutation } from '@tanstack/react-query';
import { manifestDownloadEndpoint } from '#shared/contract/manifests.ts';
import { downloadFromApi } from '#web/lib/download-from-api.ts';

/** A manifest's PDF, drawn again from its shipments (manifest_{id}.pdf); 404 for another company's. */
export function downloadManifest(id: string) {
  return downloadFromApi(manifestDownloadEndpoint, { params: { id } }, `manifest_${id}.pdf`);
}

export function useDownloadManifest() {
  return useMutation({ mutationFn: downloadManifest });
}
