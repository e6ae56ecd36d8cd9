// TanStack Query with the spec's default staleTime (5 minutes). Only queries that opt in with
// `meta: { persist: true }` are kept in localStorage: nothing with client data by default. The
// signed-in pages' one client lives in query-runtime.tsx (loaded by the shell's route).
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { DEFAULT_STALE_TIME_MS } from '#shared/domain/limits.ts';
import { ApiError } from './api-error.ts';
import { asLoaded, shouldKeepQuery } from './kept-queries.ts';
import { QUERY_CACHE_KEY } from './query-cache-key.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean };
  }
}

export { QUERY_CACHE_KEY };

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        gcTime: 24 * 60 * 60 * 1000,
        // Client errors will not heal by retrying; network failures may.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

// A kept list whose refresh failed (offline) is written as it was loaded (lib/kept-queries.ts).
const serialize = (client: PersistedClient) => JSON.stringify(asLoaded(client));
export const persister = createSyncStoragePersister({ storage: window.localStorage, key: QUERY_CACHE_KEY, serialize });

/**
 * The same store, written at once: the persister above writes a second after a change (on a timer,
 * even with a throttleTime of 0), and a page left within that second (a reload, a link that loads a
 * new page, a closed tab) lost what it had just loaded. Used as the page is hidden.
 */
export const immediatePersister: Persister = {
  ...persister,
  persistClient(client) {
    try {
      window.localStorage.setItem(QUERY_CACHE_KEY, serialize(client));
    } catch {
      // Storage full or refused: the throttled writes keep trying.
    }
  },
};

export const persistOptions = {
  persister,
  maxAge: 24 * 60 * 60 * 1000,
  dehydrateOptions: {
    shouldDehydrateQuery: shouldKeepQuery,
  },
};
