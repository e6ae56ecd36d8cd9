// Every read of the browser's offline data, whichever layer or feature it is in, answers only the
// signed-in client's rows: on a shared office PC or depot tablet the next person signs in on the
// same database.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { recentScans, scanQueueStatus } from '#web/features/scan/offline/scan-queue.ts';
import { getDraft, listDrafts } from '#web/features/shipments/offline/drafts.ts';
import { listWaiting, outboxStatus } from '#web/features/shipments/offline/outbox.ts';
import { db } from '#web/offline/db.ts';
import { queueStatus } from '#web/offline/queue-status.ts';
import { unsentWork } from '#web/offline/unsent-work.ts';
import { CLIENT, OTHER_CLIENT, resetDb, storeDraft, storeScan, storeSubmission } from '../setup/web/offline-fixtures.ts';
import { resetScans } from '../setup/web/scan-fixtures.ts';

beforeEach(async () => {
  await resetDb();
  await resetScans();
});

describe('every read of the offline layer is scoped to the signed-in client', () => {
  it("never answers another client's drafts, submissions or scans", async () => {
    const theirs = await storeSubmission(OTHER_CLIENT);
    const theirRefusal = await storeSubmission(OTHER_CLIENT);
    await db.outbox.update(theirRefusal.rowId, { state: 'rejected' });
    await db.drafts.update(theirRefusal.draftId, { status: 'rejected' });
    const theirDraft = await storeDraft(OTHER_CLIENT, { country: 'HU' });
    await storeScan(OTHER_CLIENT, 'ARRIVED', ['CP000000015SK']);
    const applied = await storeScan(OTHER_CLIENT, 'ARRIVED', ['CP000000029SK']);
    await db.scans.update(applied, { state: 'accepted' });

    expect(await listDrafts(CLIENT)).toEqual([]);
    for (const id of [theirs.draftId, theirRefusal.draftId, theirDraft]) expect(await getDraft(id, CLIENT)).toBeUndefined();
    expect(await listWaiting(CLIENT)).toEqual([]);
    expect(await outboxStatus(CLIENT)).toEqual({ pending: 0, sending: 0, retry: 0, waiting: 0, rejected: 0 });
    expect(await queueStatus(db.scans, CLIENT)).toEqual({ pending: 0, sending: 0, retry: 0, waiting: 0, rejected: 0 });
    expect(await scanQueueStatus(CLIENT)).toEqual({ waiting: 0, waitingIds: 0, sending: false });
    expect(await recentScans(CLIENT)).toEqual([]);
    expect(await unsentWork(CLIENT)).toEqual({ submissions: 0, rejected: 0, scans: 0, drafts: 0 });
    // The other client, signed in again, finds all of it.
    expect(await listDrafts(OTHER_CLIENT)).toHaveLength(3);
    expect(await unsentWork(OTHER_CLIENT)).toEqual({ submissions: 1, rejected: 1, scans: 1, drafts: 1 });
  });

  it('drafts kept at a sign-out are sealed to their client: the next client on this device reads none of them (issue 32)', async () => {
    const kept = [await storeDraft(CLIENT, { country: 'SK' }), await storeDraft(CLIENT, { country: 'CZ', step: 3 })];

    expect(await listDrafts(OTHER_CLIENT)).toEqual([]);
    for (const id of kept) expect(await getDraft(id, OTHER_CLIENT)).toBeUndefined();
    expect((await unsentWork(OTHER_CLIENT)).drafts).toBe(0);
    // Their own client finds them again.
    expect((await listDrafts(CLIENT)).map((draft) => draft.id).sort()).toEqual([...kept].sort());
    expect((await unsentWork(CLIENT)).drafts).toBe(2);
  });
});
