import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT, eventually, OTHER_CLIENT, outboxRows, resetDb, wizardPayload } from '#tests/setup/web/offline-fixtures.ts';
import type { WizardShipment } from '#shared/contract/shipments-wizard.ts';
import { db } from '#web/offline/db.ts';
import { DraftNotFoundError, DraftSubmittedError } from './draft-errors.ts';
import { createDraft } from './drafts.ts';
import { listWaiting, onOutboxSubmitted, outboxStatus, submitDraft } from './outbox.ts';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  await resetDb();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('submitDraft', () => {
  it('marks the draft submitted and queues a pending row with a new idempotency key, together', async () => {
    const id = await createDraft(CLIENT, { country: 'SK' });
    await db.drafts.update(id, { status: 'rejected', errors: { receiver_city: ['validation.required'] } });
    const payload = wizardPayload();

    const rowId = await submitDraft(id, payload);

    const draft = await db.drafts.get(id);
    expect(draft?.status).toBe('submitted');
    expect(draft?.errors).toBeUndefined();
    const [row] = await outboxRows();
    expect(row).toEqual({
      id: rowId,
      clientId: CLIENT,
      draftId: id,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      payload,
      state: 'pending',
      attempts: 0,
      failures: 0,
      nextAttemptAt: T0,
      createdAt: T0,
      updatedAt: T0,
    });
  });

  it('leaves the draft as it was when the outbox row cannot be written', async () => {
    const id = await createDraft(CLIENT);
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('disk full', 'QuotaExceededError'));

    await expect(submitDraft(id, wizardPayload())).rejects.toThrow('disk full');
    expect((await db.drafts.get(id))?.status).toBe('editing');
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves the draft as it was when the payload cannot be stored', async () => {
    const id = await createDraft(CLIENT);
    const unstorable = { ...wizardPayload(), content: () => 'not data' } as unknown as WizardShipment;

    await expect(submitDraft(id, unstorable)).rejects.toThrow();
    expect((await db.drafts.get(id))?.status).toBe('editing');
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a second submission of the same draft (a double click on Finish) and unknown drafts', async () => {
    const id = await createDraft(CLIENT);
    await submitDraft(id, wizardPayload());
    await expect(submitDraft(id, wizardPayload())).rejects.toBeInstanceOf(DraftSubmittedError);
    await expect(submitDraft('missing', wizardPayload())).rejects.toBeInstanceOf(DraftNotFoundError);
    expect(await db.outbox.count()).toBe(1);
  });

  it('gives a resubmitted (formerly rejected) draft a new key and closes its earlier rejection', async () => {
    const id = await createDraft(CLIENT);
    const firstId = await submitDraft(id, wizardPayload());
    await db.outbox.update(firstId, { state: 'rejected' });
    await db.drafts.update(id, { status: 'rejected' });
    expect((await outboxStatus(CLIENT)).rejected).toBe(1);

    vi.setSystemTime(T0 + 60_000);
    const secondId = await submitDraft(id, wizardPayload({ receiver_city: 'Martin' }));

    const [first, second] = await outboxRows();
    expect(first).toMatchObject({ id: firstId, state: 'rejected', resolvedAt: T0 + 60_000 });
    expect(second).toMatchObject({ id: secondId, state: 'pending' });
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect((await outboxStatus(CLIENT)).rejected).toBe(0);
  });

  it('tells the sync engine after the transaction has committed', async () => {
    const id = await createDraft(CLIENT);
    const seen: number[] = [];
    const off = onOutboxSubmitted(() => void db.outbox.count().then((n) => seen.push(n)));
    await submitDraft(id, wizardPayload());
    off();
    await eventually(() => expect(seen).toEqual([1]));
  });
});

describe('waiting rows and status', () => {
  async function queue(clientId: string, state: 'pending' | 'sending' | 'retry' | 'accepted' | 'rejected') {
    const id = await createDraft(clientId);
    const rowId = await submitDraft(id, wizardPayload());
    await db.outbox.update(rowId, { state });
    return rowId;
  }

  it('lists the waiting rows of one client in creation order and counts them by state', async () => {
    const a = await queue(CLIENT, 'retry');
    const b = await queue(CLIENT, 'pending');
    await queue(CLIENT, 'accepted');
    const c = await queue(CLIENT, 'sending');
    await queue(CLIENT, 'rejected');
    await queue(OTHER_CLIENT, 'pending');

    expect((await listWaiting(CLIENT)).map((r) => r.id)).toEqual([a, b, c]);
    expect(await outboxStatus(CLIENT)).toEqual({ pending: 1, sending: 1, retry: 1, waiting: 3, rejected: 1 });
    expect(await outboxStatus(OTHER_CLIENT)).toEqual({ pending: 1, sending: 0, retry: 0, waiting: 1, rejected: 0 });
  });
});
