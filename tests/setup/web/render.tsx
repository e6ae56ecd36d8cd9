// Renders a component for a unit test (happy-dom) with Testing Library, inside the Lingui provider
// with English source messages. Tests find what they check as a user does: `screen.getByRole`,
// `getByLabelText`, and act through `@testing-library/user-event`. Each test's render is
// unmounted after it.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render as renderWithLibrary, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

afterEach(cleanup);

function WithLingui({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function render(ui: ReactNode): RenderResult {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });
  return renderWithLibrary(ui, { wrapper: WithLingui });
}

/** Like render, inside a one-route TanStack router (for components with links); it renders once the router has loaded. */
export function renderInRouter(ui: ReactNode): RenderResult {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(<RouterProvider router={router} />);
}
