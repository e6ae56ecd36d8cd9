import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ErrorPage, statusOf } from '../components/layout/error-page.tsx';
import { PwaUpdatePrompt } from '../components/layout/pwa-update-prompt.tsx';
import { ToastNavigationWatch } from '../components/ui/toast-navigation.tsx';
import { Toaster } from '../components/ui/toaster.tsx';

// The query client is not in the router's context from the start: the signed-in shell's route
// (_app.tsx) loads it and hands it to its pages' loaders.
export const Route = createRootRoute({
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
