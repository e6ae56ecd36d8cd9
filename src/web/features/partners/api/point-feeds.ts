import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  pointFeedDeleteEndpoint,
  pointFeedRunEndpoint,
  pointFeedsEndpoint,
  pointFeedUpdateEndpoint,
  type PointFeed,
  type PointFeedUpdate,
} from '#shared/contract/admin-point-feeds.ts';
import { api } from '#web/lib/api.ts';
import { partnerKeys } from './partners.ts';
import { directoryKeys } from './point-directory.ts';

/** While a "fetch now" waits for the queue, the feeds are read again this often. */
export const FEED_RUN_POLL_MS = 2_000;

export const feedKeys = {
  list: () => [...partnerKeys.all, 'point-feeds'] as const,
};

/** Poll while any feed has a fetch asked for that has not run yet; otherwise do not. */
export function feedRefreshInterval(feeds: readonly PointFeed[] | undefined): number | false {
  return feeds?.some((feed) => feed.requested_at !== null) ? FEED_RUN_POLL_MS : false;
}

/** Every partner's pickup-point list address (one per partner that has one). */
export function pointFeedsQueryOptions() {
  return queryOptions({
    queryKey: feedKeys.list(),
    queryFn: ({ signal }) => api.call(pointFeedsEndpoint, { signal }),
    staleTime: 0,
    refetchInterval: (query) => feedRefreshInterval(query.state.data),
  });
}

/** The partner's feed: undefined while loading, null when it has none. */
export function usePointFeed(partnerId: number) {
  return useQuery({ ...pointFeedsQueryOptions(), select: (feeds) => feeds.find((feed) => feed.partner_id === partnerId) ?? null });
}

function usePutFeed() {
  const queryClient = useQueryClient();
  return (feed: PointFeed) =>
    queryClient.setQueryData(pointFeedsQueryOptions().queryKey, (list) =>
      list?.some((f) => f.partner_id === feed.partner_id) ? list.map((f) => (f.partner_id === feed.partner_id ? feed : f)) : [...(list ?? []), feed],
    );
}

/** PUT the partner's feed (creates or replaces it); the card shows the saved feed at once. */
export function useSavePointFeed(partnerId: number) {
  const putFeed = usePutFeed();
  return useMutation({
    mutationFn: (update: PointFeedUpdate) => api.call(pointFeedUpdateEndpoint, { params: { id: partnerId }, body: update }),
    onSuccess: (saved) => putFeed(saved),
  });
}

/** DELETE the partner's feed; its points stay as they are. */
export function useDeletePointFeed(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(pointFeedDeleteEndpoint, { params: { id: partnerId } }),
    onSuccess: () => queryClient.setQueryData(pointFeedsQueryOptions().queryKey, (list) => list?.filter((f) => f.partner_id !== partnerId)),
    // A 404 (already removed elsewhere) or any other answer: read the list again.
    onError: () => void queryClient.invalidateQueries({ queryKey: feedKeys.list() }),
  });
}

/** POST "fetch now": the answer has `requested_at` set, so the feeds are polled until the run is over. */
export function useRunPointFeed(partnerId: number) {
  const putFeed = usePutFeed();
  return useMutation({
    mutationFn: () => api.call(pointFeedRunEndpoint, { params: { id: partnerId } }),
    onSuccess: (queued) => putFeed(queued),
  });
}

/**
 * Watches the partner's feed: when a run is over (a waiting "fetch now" cleared, or a new last
 * run seen on a later read) the directory's import history and the partners' point counts are
 * read again; when it was a "fetch now" that is over, `onFetched` is told whether it ran (false:
 * the queue dropped it without a run, the outcome shown is the previous one).
 */
export function useFeedRunFinished(feed: PointFeed | null | undefined, onFetched: (feed: PointFeed, ran: boolean) => void) {
  const queryClient = useQueryClient();
  const previous = useRef<PointFeed | null | undefined>(undefined);
  const callback = useRef(onFetched);
  useEffect(() => {
    callback.current = onFetched;
  });
  useEffect(() => {
    const before = previous.current;
    previous.current = feed;
    if (!before || !feed) return;
    const cleared = before.requested_at !== null && feed.requested_at === null;
    const ran = feed.last_run_at !== null && feed.last_run_at !== before.last_run_at;
    if (ran) void Promise.all([queryClient.invalidateQueries({ queryKey: directoryKeys.imports() }), queryClient.invalidateQueries({ queryKey: partnerKeys.network() })]);
    if (cleared) callback.current(feed, ran);
  }, [feed, queryClient]);
}
