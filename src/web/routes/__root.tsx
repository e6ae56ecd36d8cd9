import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.tsx';
import { ErrorPage, statusOf } from '../components/layout/error-page.tsx';
import { PwaUpdatePrompt } from '../components/layout/pwa-update-prompt.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { useSignOut } from '../features/auth/api/use-sign-out.ts';
import { useClient } from '../lib/session.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: ({ error }) => <ErrorPage status={statusOf(error)} />,
});

function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
      <PwaUpdatePrompt />
    </>
  );
}

/** Unmatched routes: the error page inside the shell; visitors who are not signed in go to login. */
function NotFound() {
  const client = useClient();
  const signOut = useSignOut();
  const location = useLocation();
  if (!client) return <Navigate to="/user/login" search={{ redirect: location.href }} replace />;
  return (
    <AppShell client={client} onSignOut={() => void signOut()}>
      <ErrorPage status={404} />
    </AppShell>
  );
}
