import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { manifestListEndpoint } from '#shared/contract/manifests.ts';
import { PAGE_SIZE_MANIFESTS } from '#shared/domain/limits.ts';
import { api } from '#web/lib/api.ts';
import { manifestKeys } from './manifest-keys.ts';

export function getManifests(skip: number, signal?: AbortSignal) {
  return api.call(manifestListEndpoint, { query: { skip, take: PAGE_SIZE_MANIFESTS }, signal });
}

/** The manifests, newest first, 50 at a time; "More" fetches the next page after the rows already shown. */
export function manifestsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: manifestKeys.list(),
    queryFn: ({ pageParam, signal }) => getManifests(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.manifests.length, 0);
      return loaded < last.count ? loaded : undefined;
    },
    // Manifests are made elsewhere (the shipment list, the import history, colleagues): the list
    // is fetched again whenever it is shown rather than have other features reach into its keys.
    staleTime: 0,
    // Kept on this device (until sign-out), so that offline the list last loaded shows, marked
    // with its time, as the shipment list does (README notes 117 and 124).
    meta: { persist: true },
  });
}

export function useManifests() {
  return useInfiniteQuery(manifestsQueryOptions());
}
