// The outbox of wizard submissions. Finishing the wizard writes the submission here in the same
// transaction that marks its draft submitted; only the sync engine (sync.ts) sends the rows.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { WizardShipment } from '../../shared/contract/shipments-wizard.ts';
import { db, type OutboxRow } from './db.ts';
import { DraftNotFoundError, DraftSubmittedError } from './draft-errors.ts';
import { freshQueueFields, waitingRows } from './outbox-states.ts';

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

export interface OutboxStatus {
  pending: number;
  sending: number;
  retry: number;
  /** pending + sending + retry. */
  waiting: number;
  /** Rejected submissions whose draft the user has not yet resubmitted or discarded. */
  rejected: number;
}

export async function outboxStatus(clientId: string): Promise<OutboxStatus> {
  // By state through the index: accepted rows (the history, which only grows) are never read.
  const [pending = 0, sending = 0, retry = 0, rejected = 0] = await Promise.all(
    (['pending', 'sending', 'retry', 'rejected'] as const).map((state) =>
      db.outbox
        .where('[state+nextAttemptAt]')
        .between([state, Dexie.minKey], [state, Dexie.maxKey])
        .filter((row) => row.clientId === clientId && row.resolvedAt === undefined)
        .count(),
    ),
  );
  return { pending, sending, retry, waiting: pending + sending + retry, rejected };
}

/** Live counts for the header badge (undefined while loading). */
export function useOutboxStatus(clientId: string | null | undefined): OutboxStatus | undefined {
  return useLiveQuery(() => (clientId ? outboxStatus(clientId) : Promise.resolve(undefined)), [clientId]);
}

/** Live number of the client's accepted submissions: it grows each time one becomes a shipment (any tab). */
export function useAcceptedCount(clientId: string | null | undefined): number | undefined {
  return useLiveQuery(async () => {
    if (!clientId) return undefined;
    return db.outbox
      .where('[state+nextAttemptAt]')
      .between(['accepted', Dexie.minKey], ['accepted', Dexie.maxKey])
      .filter((row) => row.clientId === clientId)
      .count();
  }, [clientId]);
}

/** How long answered submissions (and their submitted drafts) stay as history in this browser. */
export const OUTBOX_HISTORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Removes what no one needs any more: accepted submissions and resolved rejections answered
 * more than `keepMs` ago, with their drafts once those are submitted. Waiting rows, open
 * rejections and drafts being edited are never touched. Answers how many rows went.
 */
export function pruneOutbox(now = Date.now(), keepMs = OUTBOX_HISTORY_MS, database = db): Promise<number> {
  const before = now - keepMs;
  return database.transaction('rw', database.drafts, database.outbox, async () => {
    const old = await database.outbox
      .where('[state+nextAttemptAt]')
      .between(['accepted', Dexie.minKey], ['rejected', Dexie.maxKey])
      .filter((row) => row.updatedAt < before && (row.state === 'accepted' || (row.state === 'rejected' && row.resolvedAt !== undefined)))
      .toArray();
    if (old.length === 0) return 0;
    await database.outbox.bulkDelete(old.map((row) => row.id));
    const draftIds = [...new Set(old.map((row) => row.draftId))];
    const drafts = await database.drafts.bulkGet(draftIds);
    const stillUsed = new Set((await database.outbox.where('draftId').anyOf(draftIds).toArray()).map((row) => row.draftId));
    await database.drafts.bulkDelete(drafts.filter((draft) => draft?.status === 'submitted' && !stillUsed.has(draft.id)).map((draft) => draft!.id));
    return old.length;
  });
}
