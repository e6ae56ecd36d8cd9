import { act, createElement, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_ACTION_DISMISS_MS, TOAST_AUTO_DISMISS_MS, TOAST_REMOVE_DELAY_MS } from '#shared/domain/limits.ts';
import { dismissStaleToast, dismissToast, pauseToast, resumeToast, showToast, TOAST_NAVIGATION_GRACE_MS, useToast, type Toast } from './toast-store.ts';

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

  it('leave by themselves after a few seconds when they tell of a success or give information', () => {
    act(() => showToast('Signed in'));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1));
    expect(seen?.message).toBe('Signed in');
    act(() => vi.advanceTimersByTime(1));
    expect(seen).toBeNull();

    act(() => showToast('Copied', 'info'));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS));
    expect(seen).toBeNull();
  });

  it('give the reader longer when they offer an action', () => {
    act(() => showToast('Shipment CP000000001SK created.', { action: { label: 'Print label', run: () => undefined } }));
    expect(seen?.action?.label).toBe('Print label');
    act(() => vi.advanceTimersByTime(TOAST_ACTION_DISMISS_MS - 1));
    expect(seen).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(seen).toBeNull();
  });

  it('keep errors and warnings until dismissed, at most the spec\'s 1,000,000 ms', () => {
    for (const kind of ['error', 'warning'] as const) {
      act(() => showToast('Refused', kind));
      act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
      expect(seen?.kind).toBe(kind);
      act(() => vi.advanceTimersByTime(1));
      expect(seen).toBeNull();
    }
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('restart the clock when a new toast replaces the old one', () => {
    act(() => showToast('First'));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1000));
    act(() => showToast('Second'));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1000));

    expect(seen?.message).toBe('Second');
  });

  it('stop the clock while paused and go on with the time left', () => {
    act(() => showToast('Signed in'));
    const id = seen!.id;
    act(() => vi.advanceTimersByTime(2000));
    act(() => pauseToast(id));
    act(() => vi.advanceTimersByTime(60_000));
    expect(seen?.message).toBe('Signed in');
    act(() => resumeToast(id));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 2001));
    expect(seen?.message).toBe('Signed in');
    act(() => vi.advanceTimersByTime(1));
    expect(seen).toBeNull();
  });

  it('ignore a pause or resume of a replaced toast', () => {
    act(() => showToast('First'));
    const first = seen!.id;
    act(() => showToast('Second'));
    act(() => pauseToast(first));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS));
    expect(seen).toBeNull();
  });

  it('go when the user moves to another page, unless raised just before that navigation began', () => {
    act(() => showToast('Shipment created.'));
    act(() => dismissStaleToast());
    expect(seen?.message).toBe('Shipment created.');

    act(() => vi.advanceTimersByTime(TOAST_NAVIGATION_GRACE_MS + 1));
    act(() => dismissStaleToast());
    expect(seen).toBeNull();
  });
});
