import { act, createElement, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCreated, RECENTLY_CREATED_KEY, RECENTLY_CREATED_MS, rememberCreated, useRecentlyCreated } from './recent-shipments.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

// The store is read through its hook, so a tiny component records what the hook returns.
let seen: ReadonlySet<string> = new Set();
let root: Root;

function Probe() {
  const items = useRecentlyCreated();
  useEffect(() => {
    seen = items;
  });
  return null;
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  act(() => forgetCreated());
  root = createRoot(document.createElement('div'));
  act(() => root.render(createElement(Probe)));
});

afterEach(() => {
  act(() => root.unmount());
  act(() => forgetCreated());
  vi.useRealTimers();
});

describe('recently created shipments', () => {
  it('holds the item numbers just created, for the list to mark', () => {
    expect(seen.size).toBe(0);
    act(() => rememberCreated(['PP0000000101']));
    act(() => rememberCreated(['PP0000000102', 'PP0000000103']));
    expect([...seen]).toEqual(['PP0000000101', 'PP0000000102', 'PP0000000103']);
  });

  it('forgets each one a few minutes after it was created', () => {
    act(() => rememberCreated(['PP0000000101']));
    act(() => vi.advanceTimersByTime(60_000));
    act(() => rememberCreated(['PP0000000102']));
    act(() => vi.advanceTimersByTime(RECENTLY_CREATED_MS - 60_000 - 1));
    expect([...seen]).toEqual(['PP0000000101', 'PP0000000102']);
    act(() => vi.advanceTimersByTime(1));
    expect([...seen]).toEqual(['PP0000000102']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(seen.size).toBe(0);
  });

  it('keeps them in the tab’s session storage, so a reload still marks them', () => {
    act(() => rememberCreated(['PP0000000101']));
    expect(Object.keys(JSON.parse(sessionStorage.getItem(RECENTLY_CREATED_KEY) ?? '{}'))).toEqual(['PP0000000101']);
    act(() => vi.advanceTimersByTime(RECENTLY_CREATED_MS));
    expect(sessionStorage.getItem(RECENTLY_CREATED_KEY)).toBeNull();
  });

  it('gives the same set until something changes (no re-render for nothing)', () => {
    act(() => rememberCreated(['PP0000000101']));
    const first = seen;
    act(() => root.render(createElement(Probe)));
    expect(seen).toBe(first);
    act(() => rememberCreated([]));
    expect(seen).toBe(first);
  });

  it('come back after a reload from the session storage, except those already too old', async () => {
    const now = Date.now();
    sessionStorage.setItem(RECENTLY_CREATED_KEY, JSON.stringify({ PP0000000101: now - 1000, PP0000000102: now - RECENTLY_CREATED_MS - 1, bad: 'x' }));
    vi.resetModules();
    const reloaded = await import('./recent-shipments.ts');
    expect([...reloaded.recentlyCreated()]).toEqual(['PP0000000101']);
    reloaded.forgetCreated();
  });
});
