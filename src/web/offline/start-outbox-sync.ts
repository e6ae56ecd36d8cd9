// Starts the app's sync engines: the wizard outbox's for every client, the scan queue's for admins
// (only they scan). Each engine and Dexie are loaded only once a suitable client is signed in (the
// engines send nothing without one), so the sign-in page stays small.
import type { ClientInfo } from '../../shared/contract/auth.ts';
import { currentClient, subscribeToken } from '../lib/token-store.ts';
import type { QueueEngine } from './queue-engine.ts';

/** Call once at app start; answers a function that stops the engines. */
export function startOutboxSync(): () => void {
  const stops = [
    startWhenSignedIn(
      () => true,
      () => import('./sync.ts').then(({ createSyncEngine }) => createSyncEngine()),
      'The outbox sync could not start',
    ),
    startWhenSignedIn(
      (client) => client.role === 'ADMIN',
      () => import('./scan-sync.ts').then(({ createScanSyncEngine }) => createScanSyncEngine()),
      'The scan sync could not start',
    ),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Loads and starts one engine the first time a client for whom `wanted` holds is signed in. */
function startWhenSignedIn(wanted: (client: ClientInfo) => boolean, load: () => Promise<QueueEngine>, failure: string): () => void {
  let engine: QueueEngine | null = null;
  let loading = false;
  let stopped = false;

  const launch = () => {
    const client = currentClient();
    if (engine || loading || stopped || !client || !wanted(client)) return;
    loading = true;
    load()
      .then((created) => {
        if (stopped) return;
        engine = created;
        engine.start();
        // The engine follows the token itself from now on.
        unsubscribe();
      })
      .catch((error: unknown) => console.error(failure, error))
      .finally(() => {
        loading = false;
      });
  };

  const unsubscribe = subscribeToken(launch);
  launch();
  return () => {
    stopped = true;
    unsubscribe();
    engine?.stop();
  };
}
