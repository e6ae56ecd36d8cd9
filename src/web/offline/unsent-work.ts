// What a sign-out leaves in this browser, which on a shared office PC or depot tablet the next
// person signs in on. Work not yet done stays, shown to nobody but its own client (every read of
// the offline layer is scoped to the signed-in client) and sent when that client signs in here
// again: the sync engines send only the signed-in client's rows. What the server has already
// answered (accepted submissions with their submitted drafts, refusals already dealt with, applied
// scans) is the server's now: it is removed at sign-out, recipients' names, addresses and phones
// with it.
import { Dexie } from 'dexie';
import { db } from './db.ts';
import { defaultOutboxLock, OUTBOX_LOCK_NAME, SCAN_LOCK_NAME, type OutboxLock } from './outbox-lock.ts';
import { pruneOutbox, pruneScans } from './queue-history.ts';
import { queueStatus } from './queue-status.ts';

export interface UnsentWork {
  /** Wizard submissions the server has not answered yet (pending, sending, retry). */
  submissions: number;
  /** Submissions the server refused: their drafts wait for the client's correction. */
  rejected: number;
  /** Scan presses the server has not answered yet. */
  scans: number;
  /** Wizard drafts being filled in (never submitted): kept for the client's next sign-in or deleted, as the user chooses. */
  drafts: number;
}

/** The client's work that a sign-out would leave unsent. */
export async function unsentWork(clientId: string): Promise<UnsentWork> {
  const [outbox, scans, drafts] = await Promise.all([
    queueStatus(db.outbox, clientId),
    queueStatus(db.scans, clientId),
    db.drafts
      .where('[clientId+updatedAt]')
      .between([clientId, Dexie.minKey], [clientId, Dexie.maxKey])
      .filter((draft) => draft.status === 'editing')
      .count(),
  ]);
  return { submissions: outbox.waiting, rejected: outbox.rejected, scans: scans.waiting, drafts };
}

export function hasUnsentWork(work: UnsentWork): boolean {
  return work.submissions + work.rejected + work.scans + work.drafts > 0;
}

/**
 * Deletes the client's drafts being filled in (the user chose so at sign-out); answers how many
 * went. Refused drafts wait for their correction and submitted ones belong to the outbox: kept.
 */
export function deleteDrafts(clientId: string, database = db): Promise<number> {
  return database.transaction('rw', database.drafts, async () => {
    const ids = await database.drafts
      .where('[clientId+updatedAt]')
      .between([clientId, Dexie.minKey], [clientId, Dexie.maxKey])
      .filter((draft) => draft.status === 'editing')
      .primaryKeys();
    await database.drafts.bulkDelete(ids);
    return ids.length;
  });
}

/**
 * Removes every client's answered history, whatever its age: accepted submissions and closed
 * refusals with their submitted drafts, accepted presses and closed refused presses. Waiting rows,
 * open refusals and drafts are kept. Each queue is cleared under its sync lock, so a send under
 * way ends (and is recorded) first. Answers how many rows went.
 */
export async function forgetSentWork(lockFor: (name: string) => OutboxLock = defaultOutboxLock, database = db): Promise<number> {
  const everything = Number.POSITIVE_INFINITY;
  const [submissions, scans] = await Promise.all([
    lockFor(OUTBOX_LOCK_NAME).run(() => pruneOutbox(everything, 0, database)),
    lockFor(SCAN_LOCK_NAME).run(() => pruneScans(everything, 0, database)),
  ]);
  return submissions + scans;
}
