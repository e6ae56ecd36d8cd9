import { useMutation } from '@tanstack/react-query';
import { importPreviewEndpoint, type ImportUpload } from '#shared/contract/imports.ts';
import { api } from '#web/lib/api.ts';

/** The file's headers, first rows and the mapping the server found (or saved) for them; nothing is stored. */
export function previewImport(upload: Omit<ImportUpload, 'mapping'>) {
  return api.call(importPreviewEndpoint, { body: upload });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
