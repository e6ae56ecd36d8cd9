// The wizard outbox's sync engine: the queue engine (offline/queue-engine.ts) on the `outbox` table. An
// accepted row keeps what the server created; a rejected one brings its draft back with the
// server's field errors (rebuilt from the payload when the draft is gone), so nothing is lost.
import { api } from '#web/lib/api.ts';
import { db as appDb, type OutboxRow, type OutboxResult, type PortalDb } from '#web/offline/db.ts';
import { OUTBOX_LOCK_NAME } from '#web/offline/outbox-lock.ts';
import { createQueueEngine, type QueueEngine, type QueueEngineOptions, type SettledOutcome } from '#web/offline/queue-engine.ts';
import { OUTBOX_HISTORY_MS, pruneOutbox } from '#web/offline/queue-history.ts';
import { draftDataFromPayload } from './draft-from-payload.ts';
import { onOutboxSubmitted } from './outbox.ts';
import { createHttpSend, type SendOutboxRow } from './send-outbox-row.ts';

export { MAX_CONSECUTIVE_NETWORK_FAILURES, SYNC_INTERVAL_MS, SYNC_MESSAGE_TYPE, type DrainReport } from '#web/offline/queue-engine.ts';

export interface SyncEngineOptions extends QueueEngineOptions {
  /** Sends one row; default: POST /api/v2/shipments/store through the app's API client. */
  send?: SendOutboxRow;
  db?: PortalDb;
}

export type SyncEngine = QueueEngine;

export function createSyncEngine(options: SyncEngineOptions = {}): SyncEngine {
  const { send = createHttpSend(api), db: database = appDb, ...engineOptions } = options;

  /** The rejected submission's draft goes back to the client, with the server's errors. */
  async function returnDraft(row: OutboxRow, errors: Record<string, string[]>, at: number): Promise<void> {
    const draft = await database.drafts.get(row.draftId);
    if (draft) {
      await database.drafts.put({ ...draft, status: 'rejected', errors, updatedAt: at });
      return;
    }
    // The draft is gone: rebuild it from the payload, so that the data is never lost.
    await database.drafts.add({
      id: row.draftId,
      clientId: row.clientId,
      status: 'rejected',
      step: 6,
      data: draftDataFromPayload(row.payload),
      errors,
      createdAt: at,
      updatedAt: at,
    });
  }

  async function settle(row: OutboxRow, outcome: SettledOutcome<OutboxResult>, at: number): Promise<void> {
    if (outcome.type === 'accepted') {
      const accepted: OutboxRow = { ...row, state: 'accepted', attempts: row.attempts + 1, result: outcome.result };
      delete accepted.lastError;
      await database.outbox.put(accepted);
      return;
    }
    await database.outbox.put({ ...row, state: 'rejected', attempts: row.attempts + 1, lastError: outcome.error, errors: outcome.errors });
    await returnDraft(row, outcome.errors, at);
  }

  return createQueueEngine(
    {
      label: 'Outbox',
      database,
      table: database.outbox,
      settleTables: [database.drafts],
      lockName: OUTBOX_LOCK_NAME,
      send,
      settle,
      onQueued: onOutboxSubmitted,
      prune: (now) => pruneOutbox(now, OUTBOX_HISTORY_MS, database),
    },
    engineOptions,
  );
}
