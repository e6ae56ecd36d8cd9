import { createRootRoute, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { statusOf } from '../components/layout/error-status.ts';
import { PwaUpdatePrompt } from '../components/layout/pwa-update-prompt.tsx';
import { ToastNavigationWatch } from '../components/ui/toast-navigation.tsx';
import { Toaster } from '../components/ui/toaster.tsx';

// The last-resort error page loads when there is an error to show, not with every first page (the
// sign-in page is the full app's lightest first visit); the service worker precaches it.
const ErrorPage = lazy(() => import('../components/layout/error-page.tsx').then((module) => ({ default: module.ErrorPage })));

// The query client is not in the router's context from the start: the signed-in shell's route
// (_app.tsx) loads it and hands it to its pages' loaders.
export const Route = createRootRoute({
  component: Root,
  // Unmatched paths are caught by the shell's splat route (_app/$); this is the last resort.
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <ErrorPage status={404} />
    </Suspense>
  ),
  errorComponent: ({ error }) => (
    <Suspense fallback={null}>
      <ErrorPage status={statusOf(error)} />
    </Suspense>
  ),
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
