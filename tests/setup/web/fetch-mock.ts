// fetch for component tests: a fresh mock per test, and JSON answers as the API gives them.
import { afterEach, beforeEach, vi, type Mock } from 'vitest';

export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Call at the top of a test file: every test gets its own fetch mock, read through the answered getter. */
export function stubFetchPerTest(): () => FetchMock {
  let mock: FetchMock = vi.fn();
  beforeEach(() => {
    mock = vi.fn();
    vi.stubGlobal('fetch', mock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return () => mock;
}
