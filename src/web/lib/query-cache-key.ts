// What the app's start needs of the query cache when a session ends: its localStorage key, and a
// way to empty it whether or not the cache itself (lib/query-runtime.tsx, loaded by the signed-in
// shell) has been loaded. Kept free of TanStack Query, so the sign-in page does not download it.
import { forgetKeptFiles } from './kept-files.ts';

/** localStorage key of the persisted queries (lib/query-client.ts's persister). */
export const QUERY_CACHE_KEY = 'query-cache';

let forgetLoaded: (() => void) | null = null;

/** Called once by lib/query-runtime.tsx when it loads: how to empty the cache in memory and on the device. */
export function onQueryCacheLoaded(forget: () => void): void {
  forgetLoaded = forget;
}

/** Empties the query cache: in memory and on the device when it was loaded, else only on the device; and the files kept for offline use. */
export function forgetQueryCache(): void {
  void forgetKeptFiles();
  if (forgetLoaded) {
    forgetLoaded();
    return;
  }
  try {
    localStorage.removeItem(QUERY_CACHE_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept either.
  }
}
