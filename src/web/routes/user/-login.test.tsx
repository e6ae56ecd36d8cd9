import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '#shared/contract/auth.ts';
import type { RefreshResult } from '#web/lib/api-client.ts';
import { render } from '#tests/setup/web/render.tsx';
import { SESSION_CLIENT_KEY, TOKEN_KEY } from '#web/lib/token-store.ts';
import { Route as AppRoute } from '../_app.tsx';
import { Route as LoginRoute } from './login.tsx';

// The sign-in page says "Your session has ended" when the shell's guard (or app-main's
// onSessionEnded) sent the user there because the session ran out, and only then: not on a first
// visit, not after Log out. The app's tree is rebuilt here from the real guard and page.

const renew = vi.hoisted(() => vi.fn<() => Promise<RefreshResult>>());
vi.mock('#web/lib/api.ts', () => ({ api: { renewSession: renew, signIn: vi.fn() } }));

const NOTICE = 'Your session has ended. Please sign in again.';
const CLIENT: ClientInfo = { id: 'client-a', name: 'Zelená Záhrada', role: 'USER', products: { SK: ['PRM'] } };

beforeEach(() => {
  localStorage.clear();
  renew.mockReset();
});
afterEach(() => {
  localStorage.clear();
});

async function open(url: string) {
  const rootRoute = createRootRoute({ component: Outlet });
  const login = LoginRoute.update({ id: '/user/login', path: '/user/login', getParentRoute: () => rootRoute } as never) as unknown as AnyRoute;
  // The real guard (beforeLoad) without the shell around the page.
  const shell = AppRoute.update({ id: '/_app', getParentRoute: () => rootRoute, component: Outlet } as never) as unknown as AnyRoute;
  const list = createRoute({ getParentRoute: () => shell, path: '/shipments', component: () => <h1>Shipments</h1> });
  const router = createRouter({ routeTree: rootRoute.addChildren([login, shell.addChildren([list])]), history: createMemoryHistory({ initialEntries: [url] }) });
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The page that opened: the sign-in page or the shell's.
  const heading = await screen.findByRole('heading', { level: 1 });
  return { router, heading, unmount: view.unmount };
}

describe('the sign-in page', () => {
  it('says the session has ended when the shell found it refused for a client who had signed in here', async () => {
    localStorage.setItem(SESSION_CLIENT_KEY, JSON.stringify(CLIENT));
    renew.mockResolvedValue('refused');
    const { router } = await open('/shipments');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toEqual({ redirect: '/shipments', reason: 'session-ended' });
    expect(screen.getByRole('status').textContent).toBe(NOTICE);
  });

  it('says nothing of the kind on a first visit to a page of the shell', async () => {
    renew.mockResolvedValue('refused');
    const { router } = await open('/shipments');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toEqual({ redirect: '/shipments' });
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('says nothing of the kind when opened directly (after Log out) or with an unknown reason', async () => {
    for (const url of ['/user/login', '/user/login?reason=whatever']) {
      const { heading, unmount } = await open(url);
      expect(heading.textContent).toBe('Sign in');
      expect(screen.queryByText(NOTICE)).toBeNull();
      unmount();
    }
  });

  it('says it when sent by the API client after the session ended (app-main: reason=session-ended)', async () => {
    await open('/user/login?redirect=%2Fmanifests&reason=session-ended');
    expect(screen.getByRole('status').textContent).toBe(NOTICE);
  });

  it('lets a signed-in client through to the shell', async () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ value: 'token', data: CLIENT, expiry: Date.now() + 3_600_000 }));
    localStorage.setItem(SESSION_CLIENT_KEY, JSON.stringify(CLIENT));
    const { router, heading } = await open('/shipments');
    expect(router.state.location.pathname).toBe('/shipments');
    expect(heading.textContent).toBe('Shipments');
  });
});
