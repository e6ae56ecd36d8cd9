// A file the API answers (result files, labels, manifests), fetched through the API client so the
// bearer and the refresh-on-401 rules apply as for JSON calls, and saved under the server's name.
import type { EndpointDefinition } from '#shared/contract/endpoint.ts';
import { api } from './api.ts';
import { endpointRequest, type CallInput } from './api-client.ts';
import { filenameFromContentDisposition, saveBlob, saveResponse } from './download-file.ts';
import type { KeptFile } from './kept-files.ts';

/** Calls a file endpoint and saves the answer under its Content-Disposition name, else `fallbackName`; failures throw ApiError. */
export async function downloadFromApi<const E extends EndpointDefinition & { answer: 'file' }>(endpoint: E, input: CallInput<E>, fallbackName: string): Promise<void> {
  const { path, options } = endpointRequest(endpoint, input);
  const response = await api.request(path, options);
  await saveResponse(response, fallbackName);
}

/** Calls a file endpoint and answers the file, not saved (the caller decides where it goes: a USB printer). */
export async function fetchFileFromApi<const E extends EndpointDefinition & { answer: 'file' }>(endpoint: E, input: CallInput<E>, fallbackName: string): Promise<KeptFile> {
  const { path, options } = endpointRequest(endpoint, input);
  const response = await api.request(path, options);
  return { blob: await response.blob(), filename: filenameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName };
}

/** Like downloadFromApi, and answers the file saved (to keep it for offline use: lib/kept-files.ts). */
export async function downloadAndKeepFromApi<const E extends EndpointDefinition & { answer: 'file' }>(endpoint: E, input: CallInput<E>, fallbackName: string): Promise<KeptFile> {
  const file = await fetchFileFromApi(endpoint, input, fallbackName);
  saveBlob(file.blob, file.filename);
  return file;
}
