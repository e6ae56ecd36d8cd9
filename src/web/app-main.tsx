// The full PWA: the router with every route, the outbox's sync engine and the service worker
// (registered by the root route). main.tsx loads it for every address except the public tracking
// pages. The query cache (persisted where a feature opts in) comes with the signed-in shell's
// route (lib/query-runtime.tsx), not with the start: the sign-in page does not use it.
import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installZodMessageIds } from '#shared/contract/zod-messages.ts';
import { scanSyncStart } from './features/scan/offline/scan-sync-start.ts';
import { outboxSyncStart } from './features/shipments/offline/outbox-sync-start.ts';
import { api, onSessionEnded } from './lib/api.ts';
import { whenIdleAfterPaint } from './lib/after-next-paint.ts';
import { i18n, initLanguage } from './lib/i18n.ts';
import { forgetQueryCache } from './lib/query-cache-key.ts';
import { SESSION_ENDED_REASON } from './lib/session.ts';
import { startSyncEngines } from './offline/start-sync-engines.ts';
import { routeTree } from './route-tree.gen.ts';

installZodMessageIds();

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});


declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

onSessionEnded(() => {
  forgetQueryCache();
  // The sign-in page tells the user why they are there (the session ran out or was refused).
  void router.navigate({ to: '/user/login', search: { redirect: router.state.location.href, reason: SESSION_ENDED_REASON } });
});

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
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  // Sends the outbox's waiting submissions and scans, now and whenever the connection returns
  // (needs a sign-in): once the first page has painted and the phone is idle, so that the engines'
  // code does not queue in front of the page's first content.
  whenIdleAfterPaint(() => startSyncEngines([outboxSyncStart, scanSyncStart]));
  // A Log out that got no answer (lib/sign-out-queue.ts) is sent as soon as the connection returns
  // (and before any session renewal, api-client.ts), not only when the next page needs a session.
  window.addEventListener('online', () => void api.flushSignOuts());
  void api.flushSignOuts();
}

void start();
