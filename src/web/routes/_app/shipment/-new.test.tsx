import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { pickupAddressesQueryOptions } from '#web/features/shipments/api/get-pickup-addresses.ts';
import { render } from '#tests/setup/web/render.tsx';
import { SESSION_CLIENT_KEY, TOKEN_KEY } from '#web/lib/token-store.ts';
import { db } from '#web/offline/db.ts';
import { resetDb } from '#tests/setup/web/offline-fixtures.ts';
import { Route as NewShipmentRoute } from './new.tsx';

// /shipment/new in a router of its own (the app's tree adds the session guard and the shell):
// what a new shipment leaves in IndexedDB, and when its draft's id reaches the URL.

const CLIENT: ClientInfo = { id: 'client-a', name: 'Zelená Záhrada', role: 'USER', products: { SK: ['PRM', 'TRC'] } };
const ADDRESS_ID = '6f1c7a5e-3f3e-4d55-9a4f-4c3f3f2b9a10';

// See shipment-wizard.test.tsx: a browser's select answers these; happy-dom's does not.
for (const [proto, key, value] of [
  [HTMLSelectElement.prototype, 'size', () => 0],
  [
    HTMLOptionElement.prototype,
    'defaultSelected',
    function (this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
  ],
] as const) {
  if (!(key in proto)) Object.defineProperty(proto, key, { get: value, configurable: true });
}

beforeEach(async () => {
  await resetDb();
  localStorage.setItem(TOKEN_KEY, JSON.stringify({ value: 'token', data: CLIENT, expiry: Date.now() + 3_600_000 }));
  localStorage.setItem(SESSION_CLIENT_KEY, JSON.stringify(CLIENT));
  Element.prototype.scrollIntoView = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A turn of the event loop inside act: the router, IndexedDB and its live queries answer then. */
const turn = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));

/** vi.waitFor, each try after a turn. */
const waitFor = <T,>(check: () => T | Promise<T>) =>
  vi.waitFor(async () => {
    await turn();
    return check();
  });

async function open(url: string, before: string[] = []) {
  const rootRoute = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>Home</p> });
  const page = NewShipmentRoute.update({ id: '/shipment/new', path: '/shipment/new', getParentRoute: () => rootRoute } as never);
  const router = createRouter({ routeTree: rootRoute.addChildren([home, page]), history: createMemoryHistory({ initialEntries: [...before, url], initialIndex: before.length }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(pickupAddressesQueryOptions().queryKey, [
    {
      id: ADDRESS_ID,
      contactPerson: 'Eva Malá',
      street: 'Priemyselná 12',
      zip: '040 01',
      city: 'Košice',
      country: 'SK',
      email: 'eva@example.com',
      phone: '+421900111222',
      regularPickup: false,
      pickupDays: { pondelok: false, utorok: false, streda: false, stvrtok: false, piatok: false },
      preferredPartners: [],
      labelPrinter: null,
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  /** The wizard's step title (the heading of the step's card). */
  const title = () => screen.queryByRole('heading', { level: 2 });
  await waitFor(() => expect(title() ?? screen.queryByRole('alert')).not.toBeNull());
  const user = userEvent.setup();
  const click = (name: string) => user.click(screen.getByRole('button', { name }));
  return { router, title, click, user };
}

describe('/shipment/new', () => {
  it('opens the wizard at once and stores nothing until something is entered', async () => {
    const page = await open('/shipment/new');
    expect(page.title()?.textContent).toBe('Destination and product');
    await page.click('Continue');
    expect(page.title()?.textContent).toBe('Delivery and pickup address');
    // The address names the step, not a draft.
    await waitFor(() => expect(page.router.state.location.search).toEqual({ step: 2 }));

    await act(() => page.router.navigate({ to: '/' }));
    await waitFor(() => expect(screen.getByText('Home')).toBeTruthy());
    // Any save still under way has had its time (the autosave waits 300 ms).
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(await db.drafts.count()).toBe(0);
  });

  it('stores the draft at the first entry and puts its id in the URL, the same wizard staying on screen', async () => {
    const page = await open('/shipment/new');
    await page.click('Continue');
    const heading = page.title();
    await page.user.click(screen.getByRole('radio', { name: /Priemyselná 12/ }));

    await waitFor(() => expect(page.router.state.location.search).toEqual({ draft: expect.any(String), step: 2 }));
    await page.click('Continue');
    const id = (page.router.state.location.search as { draft: string }).draft;
    // The page reads the stored draft back (a live query) ...
    await turn();
    await waitFor(async () => expect(await db.drafts.get(id)).toMatchObject({ clientId: CLIENT.id, step: 3, data: { pickupAddressId: ADDRESS_ID } }));
    expect(await db.drafts.count()).toBe(1);
    // ... and keeps the wizard: the same heading element, on the step the user went on to.
    await turn();
    expect(page.title()).toBe(heading);
    expect(heading?.textContent).toBe('Recipient');
    expect(screen.queryByText(/This draft does not exist/)).toBeNull();
  });

  it("makes each step a history entry: the browser's Back goes one step back and keeps the draft, Forward returns", async () => {
    const page = await open('/shipment/new', ['/']);
    await page.click('Continue');
    await page.user.click(screen.getByRole('radio', { name: /Priemyselná 12/ }));
    await page.click('Continue');
    expect(page.title()?.textContent).toBe('Recipient');
    await page.user.type(screen.getByLabelText('Name'), 'Jana');
    await waitFor(() => expect(page.router.state.location.search).toMatchObject({ step: 3, draft: expect.any(String) }));
    const id = (page.router.state.location.search as { draft: string }).draft;

    const heading = page.title();
    act(() => page.router.history.back());
    await waitFor(() => expect(page.title()?.textContent).toBe('Delivery and pickup address'));
    // The same wizard (no remount), the choice made on the step still there.
    expect(page.title()).toBe(heading);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Priemyselná 12/ }).checked).toBe(true);
    act(() => page.router.history.back());
    await waitFor(() => expect(page.title()?.textContent).toBe('Destination and product'));

    act(() => page.router.history.forward());
    await waitFor(() => expect(page.title()?.textContent).toBe('Delivery and pickup address'));
    act(() => page.router.history.forward());
    await waitFor(() => expect(page.title()?.textContent).toBe('Recipient'));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Jana');

    // Back from the first step leaves the wizard; the draft stays, with what was typed.
    act(() => page.router.history.go(-3));
    await waitFor(() => expect(screen.getByText('Home')).toBeTruthy());
    await waitFor(async () => expect((await db.drafts.get(id))?.data.recipient?.receiver_name).toBe('Jana'));
  });

  it('opens the step the address names, and not a summary never reached', async () => {
    const page = await open('/shipment/new?step=3');
    expect(page.title()?.textContent).toBe('Recipient');
    await page.click('Back');
    await waitFor(() => expect(page.router.state.location.search).toEqual({ step: 2 }));
  });

  it('does not open a summary never reached from the address', async () => {
    const page = await open('/shipment/new?step=6');
    await waitFor(() => expect(page.router.state.location.search).toEqual({ step: 1 }));
    expect(page.title()?.textContent).toBe('Destination and product');
  });

  it('still says so when the draft in the URL does not exist', async () => {
    await open('/shipment/new?draft=gone');
    await waitFor(() => expect(screen.getByText(/This draft does not exist in this browser/)).toBeTruthy());
    expect(await db.drafts.count()).toBe(0);
  });
});
