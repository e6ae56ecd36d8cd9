// Imported into the generated service worker (vite.config.ts, workbox.importScripts). The sync
// engine lives in the pages; when the browser reports the connection back through Background
// Sync, the worker tells every open page to drain its outbox (src/web/offline/queue-engine.ts).
self.addEventListener('sync', (event) => {
  if (event.tag !== 'sync-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'sync-outbox' });
    }),
  );
});
