// How long answered rows stay in this browser, and their removal. The sync engines prune once per
// start; a sign-out removes all of it (unsent-work.ts). Waiting rows, open rejections and drafts
// being edited are never touched.
import { Dexie, type EntityTable } from 'dexie';
import { db, type QueuedRow } from './db.ts';

/** How long answered submissions (and their submitted drafts) stay as history. */
export const OUTBOX_HISTORY_MS = 30 * 24 * 60 * 60 * 1000;
/** How long answered scan presses stay as history (the server keeps the events). */
export const SCAN_HISTORY_MS = 7 * 24 * 60 * 60 * 1000;

/** Rows the server answered that need nothing more: accepted ones and rejected ones dealt with, last changed before `before`. */
function answeredBefore<Row extends QueuedRow>(table: EntityTable<Row, 'id'>, before: number) {
  return table
    .where('[state+nextAttemptAt]')
    .between(['accepted', Dexie.minKey], ['rejected', Dexie.maxKey])
    .filter((row) => row.updatedAt < before && (row.state === 'accepted' || (row.state === 'rejected' && row.resolvedAt !== undefined)));
}

/**
 * Removes accepted submissions and resolved rejections answered more than `keepMs` ago, with
 * their drafts once those are submitted and no other row needs them. Answers how many rows went.
 */
export function pruneOutbox(now = Date.now(), keepMs = OUTBOX_HISTORY_MS, database = db): Promise<number> {
  return database.transaction('rw', database.drafts, database.outbox, async () => {
    const old = await answeredBefore(database.outbox, now - keepMs).toArray();
    if (old.length === 0) return 0;
    await database.outbox.bulkDelete(old.map((row) => row.id));
    const draftIds = [...new Set(old.map((row) => row.draftId))];
    const drafts = await database.drafts.bulkGet(draftIds);
    const stillUsed = new Set((await database.outbox.where('draftId').anyOf(draftIds).toArray()).map((row) => row.draftId));
    await database.drafts.bulkDelete(drafts.filter((draft) => draft?.status === 'submitted' && !stillUsed.has(draft.id)).map((draft) => draft!.id));
    return old.length;
  });
}

/** Removes accepted presses and rejected ones whose ids went back into the field, answered more than `keepMs` ago. Answers how many went. */
export function pruneScans(now = Date.now(), keepMs = SCAN_HISTORY_MS, database = db): Promise<number> {
  return database.transaction('rw', database.scans, () => answeredBefore(database.scans, now - keepMs).delete());
}
