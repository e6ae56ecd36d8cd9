import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { saveResponse } from '../../../lib/download-file.ts';

/** The import's rows with their outcome (csv or xlsx, as uploaded); 409 while it still runs. */
export async function downloadImportResult(id: string, fallbackName: string) {
  // Through the API client so the bearer and the refresh-on-401 rules apply, as for JSON calls.
  const response = await api.request(`/api/v1/shipments/import/${encodeURIComponent(id)}`);
  await saveResponse(response, fallbackName);
}

export function useDownloadImportResult() {
  return useMutation({ mutationFn: ({ id, filename }: { id: string; filename: string }) => downloadImportResult(id, filename) });
}
