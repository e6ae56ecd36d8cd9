import { afterEach, describe, expect, it, vi } from 'vitest';

// forgetQueryCache runs when a session ends (app-main's onSessionEnded), whether or not the
// signed-in shell has loaded the query cache (lib/query-runtime.tsx) by then.

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('forgetting the query cache', () => {
  it('removes what was kept on the device when the cache was never loaded', async () => {
    const { QUERY_CACHE_KEY, forgetQueryCache } = await import('./query-cache-key.ts');
    localStorage.setItem(QUERY_CACHE_KEY, '{"clientState":{}}');
    localStorage.setItem('language', 'de');
    forgetQueryCache();
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('empties the loaded cache in memory and on the device', async () => {
    const { QUERY_CACHE_KEY, forgetQueryCache } = await import('./query-cache-key.ts');
    const { queryClient } = await import('./query-runtime.tsx');
    queryClient.setQueryData(['list'], [1, 2, 3]);
    localStorage.setItem(QUERY_CACHE_KEY, '{"clientState":{}}');
    forgetQueryCache();
    expect(queryClient.getQueryData(['list'])).toBeUndefined();
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });
});
