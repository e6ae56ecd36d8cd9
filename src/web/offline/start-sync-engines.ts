// Starts the app's sync engines, each described by its feature (features/shipments/offline/
// outbox-sync-start.ts, features/scan/offline/scan-sync-start.ts). Each engine and Dexie are loaded
// only once a client it serves is signed in (the engines send nothing without one), so the sign-in
// page stays small.
import type { ClientInfo } from '#shared/contract/auth.ts';
import { currentClient, subscribeToken } from '../lib/token-store.ts';
import type { QueueEngine } from './queue-engine.ts';

/** One sync engine as the app starts it. */
export interface SyncEngineStart {
  /** Whether this client's work goes through the engine (e.g. only admins scan). */
  wanted: (client: ClientInfo) => boolean;
  /** Loads and creates the engine (a dynamic import, so its code loads only when wanted). */
  load: () => Promise<QueueEngine>;
  /** The console message when loading fails. */
  failure: string;
}

/** Call once at app start; answers a function that stops the engines. */
export function startSyncEngines(engines: readonly SyncEngineStart[]): () => void {
  const stops = engines.map(startWhenSignedIn);
  return () => stops.forEach((stop) => stop());
}

/** Loads and starts one engine the first time a client for whom `wanted` holds is signed in. */
function startWhenSignedIn({ wanted, load, failure }: SyncEngineStart): () => void {
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
