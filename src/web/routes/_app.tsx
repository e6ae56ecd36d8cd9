import { usePrefetchQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.tsx';
import { ErrorPage, statusOf } from '../components/layout/error-page.tsx';
import { useSignOut } from '../features/auth/api/use-sign-out.ts';
import { pickupAddressesQueryOptions } from '../features/shipments/api/get-pickup-addresses.ts';
import { ensureSession, useClient } from '../lib/session.ts';

/** The signed-in shell: every child route requires a session, else it goes to /user/login. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    if (!(await ensureSession())) {
      throw redirect({ to: '/user/login', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
  errorComponent: ({ error }) => (
    <ShellFrame>
      <ErrorPage status={statusOf(error)} />
    </ShellFrame>
  ),
});

function AppLayout() {
  // The wizard must work offline: fetch what it needs as soon as the signed-in shell shows (in the
  // component, which is code-split, so the sign-in page does not load it).
  usePrefetchQuery(pickupAddressesQueryOptions());
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}

function ShellFrame({ children }: { children: React.ReactNode }) {
  const client = useClient();
  const signOut = useSignOut();
  if (!client) return null;
  return (
    <AppShell client={client} onSignOut={() => void signOut()}>
      {children}
    </AppShell>
  );
}
