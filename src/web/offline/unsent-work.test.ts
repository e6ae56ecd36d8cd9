import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT, deferred, OTHER_CLIENT, outboxRows, resetDb, storeDraft, storeScan, storeSubmission, wizardPayload } from '#tests/setup/web/offline-fixtures.ts';
import { resetScans, scanRows } from '#tests/setup/web/scan-fixtures.ts';
import { db } from './db.ts';
import { createMemoryLock, OUTBOX_LOCK_NAME, SCAN_LOCK_NAME, type OutboxLock } from './outbox-lock.ts';
import { waitingRows } from './outbox-states.ts';
import { deleteDrafts, forgetSentWork, hasUnsentWork, unsentWork } from './unsent-work.ts';

beforeEach(async () => {
  await resetDb();
  await resetScans();
});

/** A draft of `clientId` submitted to the outbox, its row then put in `state`. */
async function submission(clientId: string, state: 'pending' | 'sending' | 'retry' | 'accepted' | 'rejected', resolved = false) {
  const { draftId, rowId } = await storeSubmission(clientId, wizardPayload({ receiver_name: `Recipient of ${clientId}` }), { country: 'SK' });
  await db.outbox.update(rowId, { state, ...(resolved ? { resolvedAt: Date.now() } : {}) });
  // The engine brings a refused submission's draft back to the client with the errors.
  if (state === 'rejected') await db.drafts.update(draftId, { status: resolved ? 'editing' : 'rejected' });
  return { draftId, rowId };
}

async function scan(clientId: string, state: 'pending' | 'retry' | 'accepted' | 'rejected', resolved = false) {
  const id = await storeScan(clientId, 'ARRIVED', [`${clientId}-${state}-${resolved}`.toUpperCase()]);
  await db.scans.update(id, { state, ...(resolved ? { resolvedAt: Date.now() } : {}) });
  return id;
}

describe('unsentWork', () => {
  it("counts the client's waiting submissions, open refusals and waiting scans", async () => {
    await submission(CLIENT, 'pending');
    await submission(CLIENT, 'sending');
    await submission(CLIENT, 'retry');
    await submission(CLIENT, 'rejected');
    await scan(CLIENT, 'pending');
    await scan(CLIENT, 'retry');

    const work = await unsentWork(CLIENT);

    expect(work).toEqual({ submissions: 3, rejected: 1, scans: 2, drafts: 0 });
    expect(hasUnsentWork(work)).toBe(true);
  });

  it('leaves out what the server has answered and what belongs to another client', async () => {
    await submission(CLIENT, 'accepted');
    // A refusal closed by a corrected submission (put back as a draft, it would count as one).
    const corrected = await submission(CLIENT, 'rejected', true);
    await db.drafts.update(corrected.draftId, { status: 'submitted' });
    await scan(CLIENT, 'accepted');
    await scan(CLIENT, 'rejected');
    await submission(OTHER_CLIENT, 'pending');
    await submission(OTHER_CLIENT, 'rejected');
    await scan(OTHER_CLIENT, 'pending');
    await storeDraft(OTHER_CLIENT, { country: 'CZ' });

    const work = await unsentWork(CLIENT);

    expect(work).toEqual({ submissions: 0, rejected: 0, scans: 0, drafts: 0 });
    expect(hasUnsentWork(work)).toBe(false);
  });

  it('counts the drafts being filled in (issue 32: a sign-out with only a draft asked nothing); submitted and refused ones are counted as such', async () => {
    await storeDraft(CLIENT, { country: 'CZ' });
    await storeDraft(CLIENT, { country: 'SK' });
    await submission(CLIENT, 'pending');
    await submission(CLIENT, 'rejected');

    const work = await unsentWork(CLIENT);

    expect(work).toEqual({ submissions: 1, rejected: 1, scans: 0, drafts: 2 });
    expect(hasUnsentWork({ submissions: 0, rejected: 0, scans: 0, drafts: 1 })).toBe(true);
  });
});

describe('deleteDrafts', () => {
  it("deletes the client's drafts being filled in, nothing submitted or refused, nothing of another client", async () => {
    await storeDraft(CLIENT, { country: 'CZ' });
    await storeDraft(CLIENT, { country: 'SK' });
    const waiting = await submission(CLIENT, 'pending');
    const refused = await submission(CLIENT, 'rejected');
    const theirs = await storeDraft(OTHER_CLIENT, { country: 'HU' });

    expect(await deleteDrafts(CLIENT)).toBe(2);

    expect(new Set((await db.drafts.toArray()).map((draft) => draft.id))).toEqual(new Set([waiting.draftId, refused.draftId, theirs]));
    expect(await unsentWork(CLIENT)).toEqual({ submissions: 1, rejected: 1, scans: 0, drafts: 0 });
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('forgetSentWork', () => {
  it("removes every client's answered history and keeps all work not yet done", async () => {
    const accepted = await submission(CLIENT, 'accepted');
    const closedRefusal = await submission(CLIENT, 'rejected', true);
    const openRefusal = await submission(CLIENT, 'rejected');
    const waiting = await submission(CLIENT, 'retry');
    const editing = await storeDraft(CLIENT, { country: 'CZ' });
    const theirsAccepted = await submission(OTHER_CLIENT, 'accepted');
    const theirsWaiting = await submission(OTHER_CLIENT, 'pending');
    await scan(CLIENT, 'accepted');
    await scan(CLIENT, 'rejected', true);
    const scanOpenRefusal = await scan(CLIENT, 'rejected');
    const scanWaiting = await scan(CLIENT, 'pending');
    await scan(OTHER_CLIENT, 'accepted');

    expect(await forgetSentWork(() => createMemoryLock())).toBe(6);

    expect((await outboxRows()).map((row) => row.id)).toEqual([openRefusal.rowId, waiting.rowId, theirsWaiting.rowId]);
    const drafts = new Set((await db.drafts.toArray()).map((draft) => draft.id));
    expect(drafts).toEqual(new Set([closedRefusal.draftId, openRefusal.draftId, waiting.draftId, editing, theirsWaiting.draftId]));
    expect(drafts.has(accepted.draftId)).toBe(false);
    expect(drafts.has(theirsAccepted.draftId)).toBe(false);
    expect((await scanRows()).map((row) => row.id)).toEqual([scanOpenRefusal, scanWaiting]);
  });

  it('keeps a submitted draft whose submission still waits, the data a refusal would bring back', async () => {
    const waiting = await submission(CLIENT, 'pending');

    await forgetSentWork(() => createMemoryLock());

    expect((await db.drafts.get(waiting.draftId))?.status).toBe('submitted');
    expect(await waitingRows(db.outbox, CLIENT)).toHaveLength(1);
  });

  it('waits for a send under way (the sync lock) and then removes its answer too', async () => {
    const sending = await submission(CLIENT, 'sending');
    const scanSending = await scan(CLIENT, 'pending');
    const locks = new Map<string, OutboxLock>([
      [OUTBOX_LOCK_NAME, createMemoryLock()],
      [SCAN_LOCK_NAME, createMemoryLock()],
    ]);
    const lockFor = (name: string) => locks.get(name)!;
    const drain = deferred<void>();
    const scanDrain = deferred<void>();
    // The engines hold their locks while the requests are out.
    void lockFor(OUTBOX_LOCK_NAME).run(() => drain.promise);
    void lockFor(SCAN_LOCK_NAME).run(() => scanDrain.promise);

    const forgetting = forgetSentWork(lockFor);
    // Reading the database gives the removal every chance to run, were it not waiting.
    expect(await db.outbox.count()).toBe(1);
    expect(await db.scans.count()).toBe(1);

    // The answers arrive and are recorded before the engines let go.
    await db.outbox.update(sending.rowId, { state: 'accepted' });
    await db.scans.update(scanSending, { state: 'accepted' });
    drain.resolve();
    scanDrain.resolve();

    expect(await forgetting).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.drafts.count()).toBe(0);
    expect(await db.scans.count()).toBe(0);
  });
});
