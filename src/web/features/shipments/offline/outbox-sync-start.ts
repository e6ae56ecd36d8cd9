// The outbox's sync engine as the app starts it: for every signed-in client (everyone may use the
// wizard), its code loaded only then.
import type { SyncEngineStart } from '#web/offline/start-sync-engines.ts';

export const outboxSyncStart: SyncEngineStart = {
  wanted: () => true,
  load: () => import('./outbox-sync.ts').then(({ createSyncEngine }) => createSyncEngine()),
  failure: 'The outbox sync could not start',
};
