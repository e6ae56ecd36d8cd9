// The scan queue's sync engine as the app starts it: only for admins (only they scan), its code
// loaded only then.
import type { SyncEngineStart } from '#web/offline/start-sync-engines.ts';

export const scanSyncStart: SyncEngineStart = {
  wanted: (client) => client.role === 'ADMIN',
  load: () => import('./scan-sync.ts').then(({ createScanSyncEngine }) => createScanSyncEngine()),
  failure: 'The scan sync could not start',
};
