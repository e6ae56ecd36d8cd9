// The signed-in pages' query cache: one QueryClient, kept in localStorage where a query opts in
// (lib/query-client.ts). Loaded by the shell's route (routes/_app.tsx: its beforeLoad hands the
// client to the pages' loaders, its components provide it), not at the app's start: the sign-in
// page and the public pages inside the full app use none of it, and TanStack Query with its
// persister was ~13 KB of the sign-in page's gzipped JavaScript. vite.config.ts keeps it in a
// 'query' chunk of its own, which the server preloads for the signed-in pages' addresses
// (src/server/plugins/page-preloads.ts), so that the shell's route does not wait a round trip for it.
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { onQueryCacheLoaded } from './query-cache-key.ts';
import { createQueryClient, immediatePersister, persistOptions, persister } from './query-client.ts';
import { currentClient } from './token-store.ts';

export const queryClient = createQueryClient();

// TanStack starts out "online" and learns only from later online/offline events: opened offline
// (a restart during an outage), the kept list's refresh was retried and failed, and the list
// showed an error over its kept rows. From the browser's word instead: offline, the first try
// still goes (networkMode offlineFirst) and its retries wait for the connection.
onlineManager.setOnline(navigator.onLine);

// A session that ends (app-main's onSessionEnded) empties it.
onQueryCacheLoaded(() => {
  queryClient.clear();
  persister.removeClient();
});

let restoring: Promise<void> | undefined;

/**
 * Whose cache it is (TanStack's `buster`): a cache saved for another client is removed instead of
 * restored. A sign-out empties it anyway; this holds also where that never ran (a tab closed
 * mid-way, a session that ended elsewhere), so the next person never sees the last one's rows.
 */
const owner = () => currentClient()?.id ?? '';

/**
 * Puts what this device kept (the unfiltered list, for offline use) back into the cache, once,
 * then saves the cache on each change. The shell's route waits for it before its pages' loaders
 * run and before their first render: the loaders see the kept rows, and the pages render once.
 * (PersistQueryClientProvider restored after the first render and rendered every page using a
 * query again when done: a second render of the whole page right after the first, a long task
 * on a phone.) A kept cache that cannot be read is removed by the restore; the app goes on without.
 */
export function restoreQueryCache(): Promise<void> {
  restoring ??= persistQueryClientRestore({ queryClient, ...persistOptions, buster: owner() })
    .catch((error: unknown) => console.error('The query cache kept on this device could not be restored', error))
    .then(() => {
      // Read at every save: the client signed in when it is written, also after a new sign-in in this tab.
      persistQueryClientSubscribe({
        queryClient,
        ...persistOptions,
        get buster() {
          return owner();
        },
      });
      // Leaving the page: written now (synchronously, before the page goes), not a second later.
      window.addEventListener('pagehide', saveNow);
    });
  return restoring;
}

function saveNow(): void {
  void persistQueryClientSave({ queryClient, persister: immediatePersister, buster: owner(), dehydrateOptions: persistOptions.dehydrateOptions });
}

/** Provides the client to the signed-in pages (restored by the shell's route before they render). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
