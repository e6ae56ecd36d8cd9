// The entry: it only picks which app an address gets. The public tracking pages are opened on
// phones, often over slow mobile data, by people who never sign in: they get a small app of their
// own (React, Lingui and the page; at most 120 KB of gzipped JavaScript, `npm run bench:bundle`).
// Every other address gets the full PWA (router, query cache, outbox, service worker). Both are
// loaded with a dynamic import, so neither weighs on the other's first visit.
import { isPublicTrackingPath } from './features/tracking/public-tracking-paths.ts';
import { fetchCatalogEarly } from './lib/early-catalog.ts';
import './styles.css';

fetchCatalogEarly();

const app = isPublicTrackingPath(window.location.pathname) ? import('./features/tracking/public-tracking-main.tsx') : import('./app-main.tsx');

app.catch((error: unknown) => {
  // A chunk that cannot be fetched (offline without the service worker, a deploy in between).
  console.error('The portal could not start', error);
  const root = document.getElementById('root');
  if (root && !root.hasChildNodes()) {
    root.textContent = 'Parcel Portal could not be loaded. Check your connection and reload the page.';
    root.className = 'p-6 text-center';
  }
});
