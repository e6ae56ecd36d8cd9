import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asLoaded, shouldKeepQuery } from './kept-queries.ts';

// Issue 32: one failed refresh offline (after a wizard submission, a reload) must not drop the kept list.

async function cacheWithFailedRefresh() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = ['shipments', 'list', {}];
  await client.fetchQuery({ queryKey: key, queryFn: () => ({ rows: ['PP0001000006'] }), meta: { persist: true } });
  const loadedAt = client.getQueryState(key)?.dataUpdatedAt;
  await client
    .fetchQuery({
      queryKey: key,
      queryFn: () => Promise.reject(new Error('network_error')),
      meta: { persist: true },
      staleTime: 0,
    })
    .catch(() => undefined);
  await client.fetchQuery({ queryKey: ['filtered'], queryFn: () => ({ rows: [] }) });
  return { client, key, loadedAt };
}

describe('the kept query cache', () => {
  it('keeps a list whose last refresh failed, as it was loaded', async () => {
    const { client, key, loadedAt } = await cacheWithFailedRefresh();
    expect(client.getQueryState(key)?.status).toBe('error');
    const state = dehydrate(client, { shouldDehydrateQuery: shouldKeepQuery });
    expect(state.queries.map((q) => q.queryKey)).toEqual([key]);

    const kept = asLoaded({ timestamp: 1, buster: '', clientState: state });
    const [query] = kept.clientState.queries;
    expect(query?.state).toMatchObject({ status: 'success', data: { rows: ['PP0001000006'] }, error: null, fetchFailureCount: 0, dataUpdatedAt: loadedAt });
    // Restored, it is the loaded list again, not a failed load.
    const restored = new QueryClient();
    hydrate(restored, JSON.parse(JSON.stringify(kept.clientState)));
    expect(restored.getQueryState(key)).toMatchObject({ status: 'success', error: null });
    expect(restored.getQueryData(key)).toEqual({ rows: ['PP0001000006'] });
  });

  it('keeps nothing of queries that did not opt in or have no data', () => {
    expect(shouldKeepQuery({ meta: undefined, state: { data: { rows: [] } } as never })).toBe(false);
    expect(shouldKeepQuery({ meta: { persist: true }, state: { data: undefined } as never })).toBe(false);
    expect(shouldKeepQuery({ meta: { persist: true }, state: { data: { rows: [] } } as never })).toBe(true);
  });
});
