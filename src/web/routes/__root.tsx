import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorPage, statusOf } from '../components/layout/error-page.tsx';
import { PwaUpdatePrompt } from '../components/layout/pwa-update-prompt.tsx';
import { ToastNavigationWatch } from '../components/ui/toast-navigation.tsx';
import { Toaster } from '../components/ui/toaster.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  // Unmatched paths are caught by the shell's splat route (_app/$); this is the last resort.
  notFoundComponent: () => <ErrorPage status={404} />,
  errorComponent: ({ error }) => <ErrorPage status={statusOf(error)} />,
});

function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
      <ToastNavigationWatch />
      <PwaUpdatePrompt />
    </>
  );
}
