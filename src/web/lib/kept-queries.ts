// What the device keeps of the query cache (lib/query-client.ts's persister): a kept list that a
// later refresh could not replace (offline, the server unreachable) is kept as it was loaded.
import type { Query } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';

/**
 * A query that opted in (`meta.persist`) is kept while it has data: also when its last refresh
 * failed. (Keeping only successful ones dropped the kept list at the first failed refresh offline,
 * and the next start had nothing to show: issue 32.)
 */
export function shouldKeepQuery(query: Pick<Query, 'meta' | 'state'>): boolean {
  return query.meta?.persist === true && query.state.data !== undefined;
}

/**
 * The kept cache as it is written: a failed refresh is not part of what was loaded, so a query
 * with data and an error is stored as its data, successful at the time it was loaded (its
 * dataUpdatedAt); the error (an exception object, of no use after a restart) is left out.
 */
export function asLoaded(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error' && query.state.data !== undefined
      ? { ...query, state: { ...query.state, status: 'success' as const, error: null, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null } }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}
