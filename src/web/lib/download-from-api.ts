// A file the API answers (result files, labels, manifests), fetched through the API client so the
// bearer and the refresh-on-401 rules apply as for JSON calls, and saved under the server's name.
import { api } from './api.ts';
import type { RequestOptions } from './api-client.ts';
import { saveResponse } from './download-file.ts';

/** Fetches `path` and saves the answer under its Content-Disposition name, else `fallbackName`; failures throw ApiError. */
export async function downloadFromApi(path: string, fallbackName: string, options: RequestOptions = {}): Promise<void> {
  const response = await api.request(path, options);
  await saveResponse(response, fallbackName);
}
