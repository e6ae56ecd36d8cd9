// The public tracking page's only script (README note 125), loaded with `defer`: nothing runs before
// the first paint. After the page's load it registers the tracking page's own service worker
// (tracking-sw.js, scope /package/tracking), which keeps the last parcels looked up for offline. A
// browser with the portal's app installed (its worker's scope is "/") opens these pages in the app:
// no second worker there.
addEventListener('load', () => {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  workers
    .getRegistration('/')
    .then((portal) => portal || workers.register('/tracking-sw.js', { scope: '/package/tracking' }))
    .catch(() => {});
});
