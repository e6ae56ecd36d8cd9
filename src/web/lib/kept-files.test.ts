import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetKeptFiles, keepFile, keptFile, keptFileKeys } from './kept-files.ts';

/** Cache Storage as far as kept-files uses it (happy-dom has none). */
function fakeCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const url = (request: RequestInfo | URL) => new URL(String(request instanceof Request ? request.url : request), 'http://localhost').href;
    return Promise.resolve({
      put: (request: RequestInfo | URL, response: Response) => Promise.resolve(void store.set(url(request), response)),
      match: (request: RequestInfo | URL) => Promise.resolve(store.get(url(request))?.clone()),
      keys: () => Promise.resolve([...store.keys()].map((key) => new Request(key))),
    });
  };
  return { open, delete: (name: string) => Promise.resolve(stores.delete(name)) };
}

beforeEach(() => vi.stubGlobal('caches', fakeCacheStorage()));
afterEach(() => vi.unstubAllGlobals());

const pdf = (text: string) => new Blob([text], { type: 'application/pdf' });

describe('kept files (manifest PDFs for offline use)', () => {
  it("keeps a file per client under its key with its name; another client's are not theirs", async () => {
    await keepFile('client-a', 'manifest/M-1', { blob: pdf('%PDF one'), filename: 'manifest_M-1 čísla.pdf' });
    await keepFile('client-a', 'manifest/M-2', { blob: pdf('%PDF two'), filename: 'manifest_M-2.pdf' });
    await keepFile('client-b', 'manifest/M-3', { blob: pdf('%PDF three'), filename: 'manifest_M-3.pdf' });

    const file = await keptFile('client-a', 'manifest/M-1');
    expect(file?.filename).toBe('manifest_M-1 čísla.pdf');
    expect(await file?.blob.text()).toBe('%PDF one');
    expect(file?.blob.type).toBe('application/pdf');
    expect(await keptFile('client-b', 'manifest/M-1')).toBeNull();
    expect([...(await keptFileKeys('client-a', 'manifest/'))].sort()).toEqual(['manifest/M-1', 'manifest/M-2']);
    expect([...(await keptFileKeys('client-b'))]).toEqual(['manifest/M-3']);
  });

  it('a sign-out forgets them all', async () => {
    await keepFile('client-a', 'manifest/M-1', { blob: pdf('%PDF'), filename: 'm.pdf' });
    await forgetKeptFiles();
    expect(await keptFile('client-a', 'manifest/M-1')).toBeNull();
    expect((await keptFileKeys('client-a')).size).toBe(0);
  });

  it('without Cache Storage nothing is kept and nothing fails', async () => {
    vi.stubGlobal('caches', undefined);
    await keepFile('client-a', 'manifest/M-1', { blob: pdf('%PDF'), filename: 'm.pdf' });
    expect(await keptFile('client-a', 'manifest/M-1')).toBeNull();
    await forgetKeptFiles();
  });
});
