import { useMutation } from '@tanstack/react-query';
import { importResultEndpoint } from '#shared/contract/imports.ts';
import { downloadFromApi } from '#web/lib/download-from-api.ts';

/** The import's rows with their outcome (csv or xlsx, as uploaded); 409 while it still runs. */
export function downloadImportResult(id: string, fallbackName: string) {
  return downloadFromApi(importResultEndpoint, { params: { id } }, fallbackName);
}

export function useDownloadImportResult() {
  return useMutation({ mutationFn: ({ id, filename }: { id: string; filename: string }) => downloadImportResult(id, filename) });
}
