// Starts the outbox's sync engine for the app. The engine and Dexie are loaded only once a client
// is signed in (the engine sends nothing without one), so the sign-in page stays small.
import { currentClient, subscribeToken } from '../lib/token-store.ts';
import type { SyncEngine } from './sync.ts';

/** Call once at app start; answers a function that stops the engine. */
export function startOutboxSync(): () => void {
  let engine: SyncEngine | null = null;
  let loading = false;
  let stopped = false;

  const launch = () => {
    if (engine || loading || stopped || !currentClient()) return;
    loading = true;
    import('./sync.ts')
      .then(({ createSyncEngine }) => {
        if (stopped) return;
        engine = createSyncEngine();
        engine.start();
        unsubscribe();
      })
      .catch((error: unknown) => console.error('The outbox sync could not start', error))
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
