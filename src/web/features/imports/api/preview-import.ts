import { useMutation } from '@tanstack/react-query';
import { importPreviewSchema, type ImportUpload } from '../../../../shared/contract/imports.ts';
import { api } from '../../../lib/api.ts';

/** The file's headers, first rows and the mapping the server found (or saved) for them; nothing is stored. */
export function previewImport(upload: Omit<ImportUpload, 'mapping'>) {
  return api.json('/api/v1/shipments/import/preview', importPreviewSchema, { method: 'POST', body: upload });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
