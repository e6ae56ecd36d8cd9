import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT, outboxRows, resetDb, storeDraft, storeScan, storeSubmission } from '#tests/setup/web/offline-fixtures.ts';
import { resetScans, scanRows } from '#tests/setup/web/scan-fixtures.ts';
import { db } from './db.ts';
import { pruneOutbox, pruneScans, SCAN_HISTORY_MS } from './queue-history.ts';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  await resetDb();
  await resetScans();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('pruneOutbox', () => {
  it('removes accepted submissions and closed rejections older than the history, with their submitted drafts, and nothing else', async () => {
    const oldAccepted = await storeSubmission(CLIENT);
    const oldClosedRejection = await storeSubmission(CLIENT);
    const oldOpenRejection = await storeSubmission(CLIENT);
    const oldWaiting = await storeSubmission(CLIENT);
    const recentAccepted = await storeSubmission(CLIENT);
    const editing = await storeDraft(CLIENT, { country: 'CZ' });
    await db.outbox.update(oldAccepted.rowId, { state: 'accepted' });
    await db.outbox.update(oldClosedRejection.rowId, { state: 'rejected', resolvedAt: T0 });
    await db.drafts.update(oldClosedRejection.draftId, { status: 'editing' });
    await db.outbox.update(oldOpenRejection.rowId, { state: 'rejected' });
    await db.outbox.update(recentAccepted.rowId, { state: 'accepted', updatedAt: T0 + 40 * DAY });

    expect(await pruneOutbox(T0 + 31 * DAY, 30 * DAY)).toBe(2);

    expect((await outboxRows()).map((row) => row.id)).toEqual([oldOpenRejection.rowId, oldWaiting.rowId, recentAccepted.rowId]);
    const drafts = new Set((await db.drafts.toArray()).map((draft) => draft.id));
    expect(drafts.has(oldAccepted.draftId)).toBe(false);
    // A draft the user reopened after its rejection is theirs: it stays.
    expect(drafts.has(oldClosedRejection.draftId)).toBe(true);
    expect([oldOpenRejection.draftId, oldWaiting.draftId, recentAccepted.draftId, editing].every((id) => drafts.has(id))).toBe(true);
  });

  it('keeps a submitted draft while another submission of it is still in the outbox', async () => {
    const first = await storeSubmission(CLIENT);
    await db.outbox.update(first.rowId, { state: 'accepted' });
    // The same draft queued again (as a resubmission after a rejection would): its row still waits.
    const { id: _id, ...accepted } = (await db.outbox.get(first.rowId))!;
    const again = await db.outbox.add({ ...accepted, state: 'retry', idempotencyKey: 'another' });

    expect(await pruneOutbox(T0 + 31 * DAY, 30 * DAY)).toBe(1);

    expect((await outboxRows()).map((row) => row.id)).toEqual([again]);
    expect((await db.drafts.get(first.draftId))?.status).toBe('submitted');
  });
});

describe('pruneScans', () => {
  it('removes accepted presses and rejected ones put back, once older than the history; waiting presses and open rejections stay', async () => {
    const accepted = await storeScan(CLIENT, 'ARRIVED', ['CP000000015SK']);
    const putBack = await storeScan(CLIENT, 'ARRIVED', ['CP000000029SK']);
    const open = await storeScan(CLIENT, 'SENT', ['CP000000032SK']);
    const waiting = await storeScan(CLIENT, 'SENT', ['CP000000046SK']);
    await db.scans.update(accepted, { state: 'accepted' });
    await db.scans.update(putBack, { state: 'rejected', resolvedAt: T0 });
    await db.scans.update(open, { state: 'rejected' });

    expect(await pruneScans(T0 + SCAN_HISTORY_MS - 1)).toBe(0);
    expect(await pruneScans(T0 + SCAN_HISTORY_MS + 1)).toBe(2);

    expect((await scanRows()).map((row) => row.id)).toEqual([open, waiting]);
  });
});
