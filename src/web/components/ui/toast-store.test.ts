import { act, createElement, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast, useToast, type Toast } from './toast-store.ts';

// The store is read through its hook, so a tiny component records what the hook returns.
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let seen: Toast | null = null;
let root: Root;

function Probe() {
  const toast = useToast();
  useEffect(() => {
    seen = toast;
  });
  return null;
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  root = createRoot(document.createElement('div'));
  act(() => root.render(createElement(Probe)));
});

afterEach(() => {
  act(() => dismissToast());
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('show a new toast', () => {
    act(() => showToast('Signed in', 'success'));

    expect(seen).toMatchObject({ message: 'Signed in', kind: 'success' });
  });

  it('show one at a time: a new toast replaces the old one', () => {
    act(() => showToast('First'));
    act(() => showToast('Second', 'error'));

    expect(seen).toMatchObject({ message: 'Second', kind: 'error' });
  });

  it('give each toast its own id', () => {
    act(() => showToast('First'));
    const first = seen?.id;
    act(() => showToast('Second'));

    expect(seen?.id).not.toBe(first);
  });

  it('are removed by dismissToast', () => {
    act(() => showToast('Signed in'));
    act(() => dismissToast());

    expect(seen).toBeNull();
  });

  it('are removed by dismissToast with their id', () => {
    act(() => showToast('Signed in'));
    const id = seen?.id;
    act(() => dismissToast(id));

    expect(seen).toBeNull();
  });

  it('are not removed by dismissToast with the id of a replaced toast', () => {
    act(() => showToast('First'));
    const oldId = seen?.id;
    act(() => showToast('Second'));
    act(() => dismissToast(oldId));

    expect(seen?.message).toBe('Second');
  });

  it('stay until 1,000,000 ms have passed', () => {
    act(() => showToast('Signed in'));
    act(() => vi.advanceTimersByTime(999_999));

    expect(seen?.message).toBe('Signed in');
  });

  it('are removed after 1,000,000 ms', () => {
    act(() => showToast('Signed in'));
    act(() => vi.advanceTimersByTime(1_000_000));

    expect(seen).toBeNull();
  });

  it('restart the removal delay when a new toast replaces the old one', () => {
    act(() => showToast('First'));
    act(() => vi.advanceTimersByTime(600_000));
    act(() => showToast('Second'));
    act(() => vi.advanceTimersByTime(600_000));

    expect(seen?.message).toBe('Second');
  });
});
