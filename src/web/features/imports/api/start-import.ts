import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importStartEndpoint, type ImportUpload } from '#shared/contract/imports.ts';
import { api } from '#web/lib/api.ts';
import { importKeys } from './import-keys.ts';

export interface StartImport {
  upload: ImportUpload;
  /** One per submit click: a replayed request (double click, retry) starts the import once. */
  idempotencyKey: string;
}

export function startImport({ upload, idempotencyKey }: StartImport) {
  return api.call(importStartEndpoint, { body: upload, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Queues the import (201 with the server's translated message); the history shows it at once. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
