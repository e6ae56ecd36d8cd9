// The signed-in pages' query cache: one QueryClient, kept in localStorage where a query opts in
// (lib/query-client.ts). Loaded by the shell's route (routes/_app.tsx: its beforeLoad hands the
// client to the pages' loaders, its components provide it), not at the app's start: the sign-in
// page and the public pages inside the full app use none of it, and TanStack Query with its
// persister was ~13 KB of the sign-in page's gzipped JavaScript. vite.config.ts keeps it in a
// 'query' chunk of its own, which the server preloads for the signed-in pages' addresses
// (src/server/plugins/page-preloads.ts), so that the shell's route does not wait a round trip for it.
import { PersistQueryClientProvider, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { onQueryCacheLoaded } from './query-cache-key.ts';
import { createQueryClient, persister, persistOptions } from './query-client.ts';

export const queryClient = createQueryClient();

// A session that ends (app-main's onSessionEnded) empties it.
onQueryCacheLoaded(() => {
  queryClient.clear();
  persister.removeClient();
});

/**
 * The cache is saved on each change once restored; what the first page's loader fetched before
 * that (its rows, asked for beside the page's code) is saved here, or it would wait for the next
 * change to be kept for offline use.
 */
function saveAfterRestore() {
  void persistQueryClientSave({ queryClient, persister, dehydrateOptions: persistOptions.dehydrateOptions });
}

/** Provides the client to the signed-in pages, restoring what was kept on this device first. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={saveAfterRestore}>
      {children}
    </PersistQueryClientProvider>
  );
}
