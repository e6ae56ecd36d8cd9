import { useMutation } from '@tanstack/react-query';
import { manifestGenerateEndpoint, type ManifestGenerateRequest } from '#shared/contract/manifests.ts';
import { downloadFromApi } from '#web/lib/download-from-api.ts';

/**
 * The manifest of an import's shipments still in status CREATED (spec: `importId`): one PDF, or a
 * zip of one per pickup address and partner; 400 when none is left to hand over.
 */
export function generateImportManifest(importId: string) {
  const body: ManifestGenerateRequest = { importId };
  return downloadFromApi(manifestGenerateEndpoint, { body }, 'manifest.pdf');
}

export function useGenerateImportManifest() {
  return useMutation({ mutationFn: generateImportManifest });
}
