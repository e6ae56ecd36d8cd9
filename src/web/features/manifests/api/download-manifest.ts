import { useMutation } from '@tanstack/react-query';
import { downloadFromApi } from '../../../lib/download-from-api.ts';

/** A manifest's PDF, drawn again from its shipments (manifest_{id}.pdf); 404 for another company's. */
export function downloadManifest(id: string) {
  return downloadFromApi(`/api/v1/manifests/download/${encodeURIComponent(id)}`, `manifest_${id}.pdf`);
}

export function useDownloadManifest() {
  return useMutation({ mutationFn: downloadManifest });
}
