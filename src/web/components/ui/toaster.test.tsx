import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOAST_ACTION_DISMISS_MS, TOAST_AUTO_DISMISS_MS, TOAST_REMOVE_DELAY_MS } from '#shared/domain/limits.ts';
import { render } from '#tests/setup/web/render.tsx';
import { dismissToast, showToast, TOAST_NAVIGATION_GRACE_MS } from './toast-store.ts';
import { ToastNavigationWatch } from './toast-navigation.tsx';
import { preloadToastView, Toaster } from './toaster.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

/** The toast on screen: a status, or an alert for an error. */
const toast = () => screen.queryByRole('status') ?? screen.queryByRole('alert');
const toastText = () => toast()?.textContent ?? '';
/** Whether the toast shows in the colour of `kind` (its box's daisyUI class). */
const inColour = (kind: 'success' | 'info' | 'warning' | 'error') => toast()?.firstElementChild?.classList.contains(`alert-${kind}`) ?? false;
// Clicks go through fireEvent: several tests run on fake timers, which user-event's pauses would wait on.
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

function renderToaster() {
  return render(<Toaster />);
}

/** The root layout of the app in small: two pages and the toaster beside them. */
async function renderWithPages() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
        <ToastNavigationWatch />
      </>
    ),
  });
  const list = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>List</h1>, validateSearch: (search: Record<string, unknown>) => ({ page: Number(search.page ?? 1) }) });
  const form = createRoute({ getParentRoute: () => rootRoute, path: '/send', component: () => <h1>Send</h1> });
  const router = createRouter({ routeTree: rootRoute.addChildren([list, form]), history: createMemoryHistory({ initialEntries: ['/send'] }) });
  render(<RouterProvider router={router} />);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Send');
  const go = async (href: string) => {
    await act(async () => {
      await router.navigate({ href });
    });
  };
  return { router, go };
}

describe('the toaster', () => {
  it('lets a success leave by itself after a few seconds', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => showToast('Client saved.'));
    expect(toastText()).toContain('Client saved.');
    expect(toast()!.getAttribute('role')).toBe('status');
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS));
    expect(toast()).toBeNull();
  });

  it('lets information leave by itself too, in the info colour', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => showToast('Copied to the clipboard.', 'info'));
    expect(inColour('info')).toBe(true);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS));
    expect(toast()).toBeNull();
  });

  it('keeps an error until it is dismissed', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => showToast('The label could not be made.', 'error'));
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(toast()!.getAttribute('role')).toBe('alert');
    expect(toastText()).toContain('The label could not be made.');
    fireEvent.click(button('Dismiss'));
    expect(toast()).toBeNull();
  });

  it('keeps a warning until it is dismissed, at most the spec’s removal delay', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => showToast('Check the address.', 'warning'));
    expect(inColour('warning')).toBe(true);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(toastText()).toContain('Check the address.');
  });

  it('holds a success while the pointer is on it and lets it go the remaining time after', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => showToast('Client saved.'));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.mouseEnter(toast()!, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(60_000));
    expect(toastText()).toContain('Client saved.');
    fireEvent.mouseLeave(toast()!, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1001));
    expect(toast()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(toast()).toBeNull();
  });

  it('holds a success while it has the keyboard focus', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => showToast('Client saved.'));
    act(() => button('Dismiss').focus());
    act(() => vi.advanceTimersByTime(60_000));
    expect(toastText()).toContain('Client saved.');
    act(() => button('Dismiss').blur());
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS));
    expect(toast()).toBeNull();
  });

  it('closes on Escape when it has the focus', () => {
    renderToaster();
    act(() => showToast('The label could not be made.', 'error'));
    fireEvent.keyDown(button('Dismiss'), { key: 'Escape' });
    expect(toast()).toBeNull();
  });

  it('offers one action: it runs on a click, the toast waits for it and then closes', async () => {
    vi.useFakeTimers();
    renderToaster();
    let finish!: () => void;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    act(() => showToast('Shipment PP0000000101 created.', { action: { label: 'Print label', run } }));
    // An action gives the reader longer than a plain success.
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS + 1000));
    const print = button('Print label');
    fireEvent.click(print);
    expect(run).toHaveBeenCalledTimes(1);
    expect(print.disabled).toBe(true);
    // Still there while the label is being made, however long it takes.
    act(() => vi.advanceTimersByTime(TOAST_ACTION_DISMISS_MS));
    expect(toastText()).toContain('Shipment PP0000000101 created.');
    await act(async () => finish());
    expect(toast()).toBeNull();
  });

  it('lets a toast with an action leave by itself when the action is not used', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => showToast('Shipment PP0000000101 created.', { action: { label: 'Print label', run: () => undefined } }));
    act(() => vi.advanceTimersByTime(TOAST_ACTION_DISMISS_MS));
    expect(toast()).toBeNull();
  });

  it('keeps the toast when its action fails: the action said why with its own toast', async () => {
    renderToaster();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail!: (reason: Error) => void;
    const run = () => new Promise<void>((_, reject) => (fail = reject));
    act(() => showToast('Shipment PP0000000101 created.', { action: { label: 'Print label', run } }));
    fireEvent.click(button('Print label'));
    await act(async () => fail(new Error('offline')));
    expect(button('Print label').disabled).toBe(false);
    expect(toastText()).toContain('Shipment PP0000000101 created.');
    error.mockRestore();
  });
});

describe('the toaster and navigation', () => {
  it('drops a toast that is stale once the user moves to another page', async () => {
    const { go } = await renderWithPages();
    act(() => showToast('The import has started.'));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + TOAST_NAVIGATION_GRACE_MS + 1);
    await go('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('List');
    expect(toast()).toBeNull();
  });

  it('drops an error too when the user moves on', async () => {
    const { go } = await renderWithPages();
    act(() => showToast('The label could not be made.', 'error'));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + TOAST_NAVIGATION_GRACE_MS + 1);
    await go('/');
    expect(toast()).toBeNull();
  });

  it('keeps the toast raised as part of the navigation (created, then the list), until the next page', async () => {
    const { go } = await renderWithPages();
    act(() => showToast('Shipment PP0000000101 created.'));
    await go('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('List');
    expect(toastText()).toContain('Shipment PP0000000101 created.');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + TOAST_NAVIGATION_GRACE_MS + 1);
    await go('/send');
    expect(toast()).toBeNull();
  });

  it('keeps the toast when only the search changes (another page of the same list, a filter)', async () => {
    const { go, router } = await renderWithPages();
    await go('/');
    act(() => showToast('Shipment PP0000000101 deleted.'));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + TOAST_NAVIGATION_GRACE_MS + 1);
    await go('/?page=2');
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(toastText()).toContain('Shipment PP0000000101 deleted.');
  });
});
