// The light app of the public tracking pages (main.tsx loads it for their addresses): React,
// Lingui and the two pages; no router, query cache, outbox or service worker registration, so a
// phone on slow mobile data downloads a fraction of the portal (budget: 120 KB of gzipped
// JavaScript). Links out of it are plain links: the next page loads the full app.
import { I18nProvider } from '@lingui/react';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { i18n, initLanguage, loadLanguage, storedLanguage } from '#web/lib/i18n.ts';
import { PackageTracking } from './components/package-tracking.tsx';
import { TrackRedirect } from './components/track-redirect.tsx';
import { PACKAGE_TRACKING_PATH, publicTrackingPageOf } from './public-tracking-paths.ts';
import { trackingSearchFromQueryString, trackingSearchToQueryString, type TrackingSearch } from './tracking-search.ts';

/** /package/tracking with its search in the address bar: a new search is a new history entry, Back shows the previous one. */
function PackageTrackingFromLocation() {
  const [search, setSearch] = useState(() => trackingSearchFromQueryString(window.location.search));
  useEffect(() => {
    const onPopState = () => setSearch(trackingSearchFromQueryString(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const onSearch = useCallback((next: TrackingSearch) => {
    window.history.pushState(null, '', `${PACKAGE_TRACKING_PATH}${trackingSearchToQueryString(next)}`);
    setSearch(next);
  }, []);
  return <PackageTracking search={search} onSearch={onSearch} />;
}

function PublicTrackingApp() {
  const page = publicTrackingPageOf(window.location.pathname);
  if (page?.page === 'track-redirect') return <TrackRedirect trackingNumber={page.trackingNumber} />;
  return <PackageTrackingFromLocation />;
}

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

async function start() {
  await initLanguage();
  void loadLanguageWhenPossible();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PublicTrackingApp />
        <Toaster />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
