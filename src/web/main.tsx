// The entry: it only picks which app an address gets. The public tracking pages are opened on
// phones, often over slow mobile data, by people who never sign in: a first visit gets them
// rendered by the server, without any script (README note 93); inside an installed app, whose
// service worker answers every address with index.html, they get a small app of their own (React,
// Lingui and the page). Every other address gets the full PWA (router, query cache, outbox,
// service worker). Each is
// loaded with a dynamic import, so none weighs on another's first visit; each public page has an
// entry of its own, so that it does not download the other's code either.
import { publicTrackingPageOf, type PublicTrackingPage } from './features/tracking/public-tracking-paths.ts';
import { fetchCatalogEarly } from './lib/early-catalog.ts';
import './styles.css';

fetchCatalogEarly();

/**
 * Each public page's app. Kept apart from the full app's import: three imports in one conditional
 * were merged by the minifier into one preload call with one list of chunks (the full app's, which
 * the public pages then downloaded too).
 */
const publicApps: Record<PublicTrackingPage['page'], () => Promise<unknown>> = {
  'package-tracking': () => import('./features/tracking/public-package-tracking-main.tsx').then((page) => page.startPackageTracking()),
  'track-redirect': () => import('./features/tracking/public-track-redirect-main.tsx').then((page) => page.startTrackRedirect()),
};

/** Loads and starts the app of this address. */
function startApp(): Promise<unknown> {
  const publicPage = publicTrackingPageOf(window.location.pathname)?.page;
  return publicPage ? publicApps[publicPage]() : import('./app-main.tsx');
}

const app = startApp();

app.catch((error: unknown) => {
  // A chunk that cannot be fetched (offline without the service worker, a deploy in between).
  console.error('The portal could not start', error);
  const root = document.getElementById('root');
  if (root && !root.hasChildNodes()) {
    root.textContent = 'Parcel Portal could not be loaded. Check your connection and reload the page.';
    root.className = 'p-6 text-center';
  }
});
