// Renders a component for a unit test (happy-dom) inside the Lingui provider, English source
// messages, with React's act() so effects have run when it returns.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export function render(ui: ReactNode) {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>));
  return {
    container,
    rerender: (next: ReactNode) => act(() => root.render(<I18nProvider i18n={i18n}>{next}</I18nProvider>)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Like render, inside a one-route TanStack router (for components with links); it renders once the router has loaded. */
export function renderInRouter(ui: ReactNode) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(<RouterProvider router={router} />);
}
