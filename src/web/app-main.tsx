// The full PWA: the router with every route, the query cache (persisted where a feature opts in),
// the outbox's sync engine and the service worker (registered by the root route). main.tsx loads
// it for every address except the public tracking pages.
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installZodMessageIds } from '#shared/contract/zod-messages.ts';
import { scanSyncStart } from './features/scan/offline/scan-sync-start.ts';
import { outboxSyncStart } from './features/shipments/offline/outbox-sync-start.ts';
import { onSessionEnded } from './lib/api.ts';
import { i18n, initLanguage } from './lib/i18n.ts';
import { createQueryClient, persister, persistOptions } from './lib/query-client.ts';
import { SESSION_ENDED_REASON } from './lib/session.ts';
import { startSyncEngines } from './offline/start-sync-engines.ts';
import { routeTree } from './route-tree.gen.ts';

installZodMessageIds();
const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

// Sends the outbox's waiting submissions now and whenever the connection returns (needs a sign-in).
startSyncEngines([outboxSyncStart, scanSyncStart]);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

onSessionEnded(() => {
  queryClient.clear();
  persister.removeClient();
  // The sign-in page tells the user why they are there (the session ran out or was refused).
  void router.navigate({ to: '/user/login', search: { redirect: router.state.location.href, reason: SESSION_ENDED_REASON } });
});

/**
 * The cache is saved on each change once restored; what the first page's loader fetched before
 * that (its rows, asked for beside the page's code) is saved here, or it would wait for the next
 * change to be kept for offline use.
 */
function saveAfterRestore() {
  void persistQueryClientSave({ queryClient, persister, dehydrateOptions: persistOptions.dehydrateOptions });
}

async function start() {
  // The first page's route chunks start loading beside the language's catalog rather than after
  // it (on a slow phone each round trip is worth a second). Not awaited: the router shows its own
  // pending and error states once it renders, and a check that waits for the network (offline)
  // must not hold the first paint back.
  void router.load().catch(() => undefined);
  await initLanguage();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={saveAfterRestore}>
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
