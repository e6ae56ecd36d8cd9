import { afterEach, describe, expect, it } from 'vitest';
import { QUERY_CACHE_KEY } from './query-cache-key.ts';
import { queryClient, restoreQueryCache } from './query-runtime.tsx';

// Issue 32: a page left within a second of loading a kept list (a reload, a page opened by its
// address, a closed tab) kept the list as it was before: the cache is written as the page goes.

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
});

describe('the kept query cache as the page is left', () => {
  it('is written at once on pagehide, not a second later', async () => {
    await restoreQueryCache();
    await queryClient.fetchQuery({ queryKey: ['manifests', 'list'], queryFn: () => ({ rows: ['MF0000000006'] }), meta: { persist: true } });
    await queryClient.fetchQuery({ queryKey: ['not-kept'], queryFn: () => ({ rows: ['secret'] }) });
    // The throttled save has not run yet.
    expect(localStorage.getItem(QUERY_CACHE_KEY) ?? '').not.toContain('MF0000000006');

    window.dispatchEvent(new Event('pagehide'));

    const kept = localStorage.getItem(QUERY_CACHE_KEY) ?? '';
    expect(kept).toContain('MF0000000006');
    expect(kept).not.toContain('secret');
  });
});
