import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'virtual:pwa-register/react';
import { render } from '#tests/setup/web/render.tsx';
import { UPDATE_CHECK_MIN_GAP_MS } from '#web/lib/update-checks.ts';
import { OFFER_AFTER_QUIET_MS, PwaUpdatePrompt, UPDATE_CHECKS_LOAD_AFTER_MS } from './pwa-update-prompt.tsx';

// A stand-in for vite-plugin-pwa's hook: the test plays the service worker's events through the
// options the component gave it, as workbox-window would.
const sw = vi.hoisted(() => ({
  options: null as RegisterSWOptions | null,
  showRefresh: null as ((value: boolean) => void) | null,
  updateServiceWorker: null as unknown as ReturnType<typeof vi.fn>,
}));

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW(options: RegisterSWOptions) {
    const needRefresh = useState(false);
    sw.options = options;
    sw.showRefresh = needRefresh[1];
    return { needRefresh, offlineReady: useState(false), updateServiceWorker: sw.updateServiceWorker };
  },
}));

function fakeRegistration(waiting: boolean) {
  return {
    installing: null,
    waiting: waiting ? ({} as ServiceWorker) : null,
    update: vi.fn(() => Promise.resolve()),
  } as unknown as ServiceWorkerRegistration & { update: ReturnType<typeof vi.fn> };
}

let view: ReturnType<typeof render> | null = null;
const reload = vi.fn();

function setup(registration = fakeRegistration(true)) {
  view = render(<PwaUpdatePrompt reload={reload} />);
  act(() => sw.options?.onRegisteredSW?.('/sw.js', registration));
  return registration;
}

/** The new release's worker is installed and waits (workbox-window's `waiting`). */
function newReleaseWaits() {
  act(() => {
    sw.showRefresh?.(true);
    sw.options?.onNeedRefresh?.();
  });
}

/** The new worker took control of this tab (workbox-window's `controlling` with isUpdate). */
function newWorkerControls() {
  act(() => sw.options?.onNeedReload?.());
}

/** The offer's text (a status), null while there is none. */
const text = () => screen.queryByRole('status')?.textContent ?? null;
const button = (name: string) => screen.getByRole('button', { name });

// The offer loads when there first is one (React.lazy): load it once, as a running app has from
// its first offer on, so that each test sees the offer in the same turn as its cause.
beforeAll(async () => {
  sw.updateServiceWorker = vi.fn(() => Promise.resolve());
  setup();
  newReleaseWaits();
  await act(async () => {
    await import('./update-offer.tsx');
  });
  await vi.waitFor(async () => {
    await act(async () => {});
    expect(text()).not.toBeNull();
  });
  view?.unmount();
  view = null;
});

beforeEach(() => {
  sw.updateServiceWorker = vi.fn(() => Promise.resolve());
  reload.mockReset();
  localStorage.clear();
});

afterEach(() => {
  view?.unmount();
  view = null;
  vi.useRealTimers();
});

describe('PwaUpdatePrompt', () => {
  it('shows nothing while no new release waits', () => {
    setup();

    expect(text()).toBeNull();
  });

  it('offers the reload when a new release waits', () => {
    setup();
    newReleaseWaits();

    expect(text()).toContain('A new version of the portal is available.');
    expect(button('Reload')).toBeTruthy();
    expect(button('Later')).toBeTruthy();
  });

  it('Reload asks the waiting worker to take over and reloads this tab once it controls it', () => {
    setup();
    newReleaseWaits();
    fireEvent.click(button('Reload'));

    expect(sw.updateServiceWorker).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();

    newWorkerControls();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload a tab whose Reload was not pressed when another tab moved to the new release: it says so and offers the reload', () => {
    setup();
    newReleaseWaits();
    // Reload was pressed in another tab: the new worker takes over this one too.
    newWorkerControls();

    expect(reload).not.toHaveBeenCalled();
    expect(text()).toContain('The portal was updated in another tab or window. Save what you are working on, then reload this page.');

    fireEvent.click(button('Reload'));
    expect(reload).toHaveBeenCalledOnce();
    // The worker is already active: nothing to ask it.
    expect(sw.updateServiceWorker).not.toHaveBeenCalled();
  });

  it('shows the offer again when another tab moved to the new release after Later', () => {
    setup();
    newReleaseWaits();
    fireEvent.click(button('Later'));
    expect(text()).toBeNull();

    newWorkerControls();
    expect(text()).toContain('The portal was updated in another tab or window.');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at once when no worker waits any more (taken over meanwhile)', () => {
    setup(fakeRegistration(false));
    newReleaseWaits();
    fireEvent.click(button('Reload'));

    expect(reload).toHaveBeenCalledOnce();
    expect(sw.updateServiceWorker).not.toHaveBeenCalled();
  });

  it('looks for a new release when the app comes back into view, and Later lasts until that check', async () => {
    vi.useFakeTimers();
    const registration = setup();
    newReleaseWaits();
    fireEvent.click(button('Later'));
    expect(text()).toBeNull();

    // The scheduling code loads a minute after registering, when the first check could be due.
    await loadUpdateChecks();
    await comeIntoView();

    expect(registration.update).toHaveBeenCalledOnce();
    expect(text()).toContain('A new version of the portal is available.');
  });

  it('loads the update checks only when the first could be due', async () => {
    vi.useFakeTimers();
    const registration = setup();
    await act(() => vi.advanceTimersByTimeAsync(UPDATE_CHECKS_LOAD_AFTER_MS - 1_000));
    await comeIntoView();

    expect(registration.update).not.toHaveBeenCalled();
  });

  it('stops checking when it unmounts', async () => {
    vi.useFakeTimers();
    const registration = setup();
    await loadUpdateChecks();
    view?.unmount();
    view = null;

    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MIN_GAP_MS);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);

    expect(registration.update).not.toHaveBeenCalled();
  });

  it('never interrupts a scan burst: the offer waits for a pause in the keys, takes no focus and reloads nothing', async () => {
    vi.useFakeTimers();
    setup();
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Parcel number');
    document.body.append(field);
    try {
      field.focus();
      // A keyboard-wedge burst: a key every 30 ms, the release found in the middle of it.
      const burst = async (keys: string) => {
        for (const key of keys) {
          fireEvent.keyDown(field, { key });
          await act(() => vi.advanceTimersByTimeAsync(30));
        }
      };
      await burst('CP1000');
      newReleaseWaits();
      await burst('00198SK');
      fireEvent.keyDown(field, { key: 'Enter' });
      expect(text()).toBeNull();

      // The next parcel a second later: still no offer.
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await burst('CP100000205SK');
      expect(text()).toBeNull();

      await act(() => vi.advanceTimersByTimeAsync(OFFER_AFTER_QUIET_MS));
      expect(text()).toContain('A new version of the portal is available.');
      expect(document.activeElement).toBe(field);

      // Shown, it stays where it is while the next scans come, and Enter stays with the field.
      await burst('CP100000212SK');
      fireEvent.keyDown(field, { key: 'Enter' });
      expect(text()).toContain('A new version of the portal is available.');
      expect(document.activeElement).toBe(field);
      expect(reload).not.toHaveBeenCalled();
      expect(sw.updateServiceWorker).not.toHaveBeenCalled();
    } finally {
      field.remove();
    }
  });

  it('does not pop up while a form is being typed in when another tab moved to the new release', async () => {
    vi.useFakeTimers();
    setup();
    const field = document.createElement('input');
    document.body.append(field);
    try {
      field.focus();
      fireEvent.input(field, { target: { value: 'Hlavn' } });
      newWorkerControls();
      expect(text()).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(OFFER_AFTER_QUIET_MS - 100));
      fireEvent.input(field, { target: { value: 'Hlavná' } });
      await act(() => vi.advanceTimersByTimeAsync(OFFER_AFTER_QUIET_MS - 100));
      expect(text()).toBeNull();

      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(text()).toContain('The portal was updated in another tab or window.');
      expect(document.activeElement).toBe(field);
      expect(field.value).toBe('Hlavná');
      expect(reload).not.toHaveBeenCalled();
    } finally {
      field.remove();
    }
  });

  it('does not start the checks when it unmounts before they load', async () => {
    vi.useFakeTimers();
    const registration = setup();
    view?.unmount();
    view = null;

    await loadUpdateChecks();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);

    expect(registration.update).not.toHaveBeenCalled();
  });
});

async function loadUpdateChecks() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(Math.max(UPDATE_CHECKS_LOAD_AFTER_MS, UPDATE_CHECK_MIN_GAP_MS));
    await vi.dynamicImportSettled();
  });
}

async function comeIntoView() {
  const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  try {
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
  } finally {
    visibility.mockRestore();
  }
}
