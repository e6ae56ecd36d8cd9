// The outbox of wizard submissions. Finishing the wizard writes the submission here in the same
// transaction that marks its draft submitted; only the sync engine (outbox-sync.ts) sends the rows.
// Counts and history that the shell and the sign-out read are in src/web/offline.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { WizardShipment } from '#shared/contract/shipments-wizard.ts';
import { db, type OutboxRow } from '#web/offline/db.ts';
import { freshQueueFields, waitingRows } from '#web/offline/outbox-states.ts';
import { queueStatus, type QueueStatus } from '#web/offline/queue-status.ts';
import { DraftNotFoundError, DraftSubmittedError } from './draft-errors.ts';

type Listener = () => void;
const submitted = new Set<Listener>();

/** Called after each committed submission (the sync engine sends it at once when it can). */
export function onOutboxSubmitted(listener: Listener): () => void {
  submitted.add(listener);
  return () => submitted.delete(listener);
}

/**
 * Queues the draft's submission: in ONE transaction the draft becomes `submitted` (its errors
 * cleared) and the outbox gets a `pending` row with a new idempotency key. If either write fails
 * neither happens. A draft already submitted (a second click on Finish) throws
 * DraftSubmittedError. Answers the outbox row's id.
 */
export async function submitDraft(draftId: string, payload: WizardShipment): Promise<number> {
  const id = await db.transaction('rw', db.drafts, db.outbox, async () => {
    const draft = await db.drafts.get(draftId);
    if (!draft) throw new DraftNotFoundError(draftId);
    if (draft.status === 'submitted') throw new DraftSubmittedError(draftId);
    const now = Date.now();
    await db.drafts.update(draftId, { status: 'submitted', errors: undefined, updatedAt: now });
    // An earlier rejection of this draft is answered by this new submission.
    await db.outbox
      .where('draftId')
      .equals(draftId)
      .filter((row) => row.state === 'rejected' && row.resolvedAt === undefined)
      .modify({ resolvedAt: now, updatedAt: now });
    return db.outbox.add({
      clientId: draft.clientId,
      draftId,
      idempotencyKey: crypto.randomUUID(),
      payload,
      ...freshQueueFields(now),
    });
  });
  submitted.forEach((listener) => listener());
  return id;
}

/** The client's submissions not yet answered by the server (pending, sending, retry), oldest first. */
export async function listWaiting(clientId: string): Promise<OutboxRow[]> {
  return (await waitingRows(db.outbox, clientId)).sort((a, b) => a.id - b.id);
}

/** The client's submissions by state (the header badge reads the same through offline/queue-status.ts). */
export function outboxStatus(clientId: string): Promise<QueueStatus> {
  return queueStatus(db.outbox, clientId);
}

/**
 * Live number of the client's accepted submissions (answered at or after `since`, when given): it
 * grows each time one becomes a shipment (any tab).
 */
export function useAcceptedCount(clientId: string | null | undefined, since = 0): number | undefined {
  return useLiveQuery(async () => {
    if (!clientId) return undefined;
    return db.outbox
      .where('[state+nextAttemptAt]')
      .between(['accepted', Dexie.minKey], ['accepted', Dexie.maxKey])
      .filter((row) => row.clientId === clientId && row.updatedAt >= since)
      .count();
  }, [clientId, since]);
}
