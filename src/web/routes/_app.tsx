import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { lazy, useEffect, useState } from 'react';
import { AppShell } from '../components/layout/app-shell.tsx';
import { ErrorPage, statusOf } from '../components/layout/error-page.tsx';
import { useCheckedSignOut } from '../features/auth/api/use-checked-sign-out.ts';
import { UnsentWorkDialog } from '../features/auth/components/unsent-work-dialog.tsx';
import { pickupAddressesQueryOptions } from '../features/shipments/api/get-pickup-addresses.ts';
import { profileQueryOptions } from '#web/lib/profile.ts';
import { whenIdleAfterPaint } from '../lib/after-next-paint.ts';
import { QueryProvider } from '../lib/query-runtime.tsx';
import { WhenIdle } from '../lib/when-idle.tsx';
import { checkSession, SESSION_ENDED_REASON, useClient } from '../lib/session.ts';

/** Reads IndexedDB through Dexie (~30 KB gzipped): loaded once the first page has painted. */
const AnnounceAccepted = lazy(() => import('../features/shipments/components/use-announce-accepted.ts'));

/**
 * The signed-in shell: every child route requires a session, else it goes to /user/login. With a
 * session it loads the query cache (lib/query-runtime.tsx, which the server preloads for these
 * pages) and hands its client to the pages' loaders; its components provide it to the pages.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    const session = await checkSession();
    if (session !== 'active') {
      // A session that ran out says so on the sign-in page; a first visit or a Log out does not.
      throw redirect({ to: '/user/login', search: { redirect: location.href, ...(session === 'ended' ? { reason: SESSION_ENDED_REASON } : {}) } });
    }
    const { queryClient, restoreQueryCache } = await import('../lib/query-runtime.tsx');
    await restoreQueryCache();
    return { queryClient };
  },
  component: AppLayout,
  errorComponent: ({ error }) => (
    <QueryProvider>
      <ShellFrame>
        <ErrorPage status={statusOf(error)} />
      </ShellFrame>
    </QueryProvider>
  ),
});

function AppLayout() {
  return (
    <QueryProvider>
      <AppLayoutContent />
    </QueryProvider>
  );
}

function AppLayoutContent() {
  // The wizard must work offline, and labels print on the printers set for the pickup addresses
  // and the company (both kept for offline use): fetch them once the signed-in shell has shown (in
  // the component, which is code-split, so the sign-in page does not load it; after the first
  // paint, which it does not need, so that on a slow link it does not queue before the page's own data).
  const queryClient = useQueryClient();
  useEffect(
    () =>
      whenIdleAfterPaint(() => {
        void queryClient.prefetchQuery(pickupAddressesQueryOptions());
        void queryClient.prefetchQuery(profileQueryOptions());
      }),
    [queryClient],
  );
  // The wizard's submissions that become shipments are announced on any page, with their label:
  // those accepted since the shell opened, though the watcher starts after the first paint.
  const [openedAt] = useState(() => Date.now());
  const clientId = useClient()?.id;
  return (
    <ShellFrame>
      <Outlet />
      <WhenIdle>
        <AnnounceAccepted clientId={clientId} openedAt={openedAt} />
      </WhenIdle>
    </ShellFrame>
  );
}

function ShellFrame({ children }: { children: React.ReactNode }) {
  const client = useClient();
  // Log out asks first when submissions or scans are still unsent (shared office PCs and tablets).
  const { requestSignOut, dialog } = useCheckedSignOut(client?.id);
  if (!client) return null;
  return (
    <>
      <AppShell client={client} onSignOut={requestSignOut}>
        {children}
      </AppShell>
      <UnsentWorkDialog {...dialog} />
    </>
  );
}
