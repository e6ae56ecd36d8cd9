// Background Sync: when a drain finds the network gone, the page asks the service worker to be
// woken when the connection is back; public/sw-outbox-sync.js (imported into the generated
// worker) then posts {type: 'sync-outbox'} to every open page, whose sync engine drains. Where
// the browser has no Background Sync, the `online` event and the timer do the same job.

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

export async function registerBackgroundSync(tag: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: SyncManagerLike };
    if (!registration.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    // Refused (no permission, private mode): the other triggers remain.
    return false;
  }
}
