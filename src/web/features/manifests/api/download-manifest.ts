import { onlineManager, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { manifestDownloadEndpoint } from '#shared/contract/manifests.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { saveBlob } from '#web/lib/download-file.ts';
import { downloadAndKeepFromApi } from '#web/lib/download-from-api.ts';
import { keepFile, keptFile, keptFileKeys } from '#web/lib/kept-files.ts';
import { useClient } from '#web/lib/session.ts';
import { manifestKeys } from './manifest-keys.ts';

const keyOf = (id: string) => `manifest/${id}`;

/**
 * A manifest's PDF, drawn again from its shipments (manifest_{id}.pdf); 404 for another company's.
 * Each one downloaded is kept on the device (lib/kept-files.ts): without a connection the kept
 * copy is saved instead (README note 124); one never downloaded fails as offline.
 */
export async function downloadManifest(clientId: string, id: string): Promise<void> {
  if (onlineManager.isOnline()) {
    try {
      const file = await downloadAndKeepFromApi(manifestDownloadEndpoint, { params: { id } }, `manifest_${id}.pdf`);
      await keepFile(clientId, keyOf(id), file);
      return;
    } catch (error) {
      if (!(error instanceof ApiError && error.isOffline)) throw error;
    }
  }
  const kept = await keptFile(clientId, keyOf(id));
  if (!kept) throw ApiError.offline(new Error(`manifest ${id} is not kept on this device`));
  saveBlob(kept.blob, kept.filename);
}

export function useDownloadManifest() {
  const clientId = useClient()?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => downloadManifest(clientId, id),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: manifestKeys.kept(clientId) }),
  });
}

/** The ids of the manifests whose PDF is kept on this device (read from Cache Storage, no network). */
export function useKeptManifests(): ReadonlySet<string> {
  const clientId = useClient()?.id ?? '';
  const query = useQuery({
    queryKey: manifestKeys.kept(clientId),
    queryFn: async () => new Set([...(await keptFileKeys(clientId, 'manifest/'))].map((key) => key.slice('manifest/'.length))),
    networkMode: 'always',
    staleTime: Infinity,
  });
  return query.data ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();
