// The light app of the public tracking pages inside an installed app (a first visit gets them
// rendered by the server, public-pages-ssr.tsx), started by each page's own entry
// (public-package-tracking-main.tsx, public-track-redirect-main.tsx; main.tsx loads the one of the
// address): React, Lingui and the page; no router, query cache, zod, outbox or service worker
// registration, so a phone on slow mobile data downloads a fraction of the portal (goal: 75 KB of
// gzipped JavaScript, `npm run bench:bundle`). Links out of it are plain links: the next page
// loads the full app.
import { I18nProvider } from '@lingui/react';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { i18n, initLanguage, loadLanguage, storedLanguage } from '#web/lib/i18n.ts';

/**
 * On flaky mobile data the language file may fail where the page itself came through, and without
 * it the build's texts are bare message ids: try again, sooner when the connection comes back.
 */
async function loadLanguageWhenPossible() {
  for (let delay = 1000; Object.keys(i18n.messages).length === 0; delay = Math.min(delay * 2, 30_000)) {
    const wait = new AbortController();
    await new Promise<void>((resolve) => {
      setTimeout(resolve, delay);
      window.addEventListener('online', () => resolve(), { once: true, signal: wait.signal });
    });
    wait.abort();
    await loadLanguage(storedLanguage());
  }
}

/** Renders `page` once the language is loaded (or given up on: English source texts). */
export async function startPublicTrackingApp(page: ReactNode): Promise<void> {
  await initLanguage();
  void loadLanguageWhenPossible();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        {page}
        <Toaster />
      </I18nProvider>
    </StrictMode>,
  );
}
