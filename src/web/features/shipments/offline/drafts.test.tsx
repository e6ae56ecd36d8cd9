import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import { db, PortalDb } from '#web/offline/db.ts';
import { DraftSubmittedError } from './draft-errors.ts';
import { createDraft, discardDraft, duplicateDraft, getDraft, listDrafts, saveDraft, useDraft, useDrafts } from './drafts.ts';
import { submitDraft } from './outbox.ts';
import { CLIENT, eventually, OTHER_CLIENT, resetDb, wizardPayload } from '#tests/setup/web/offline-fixtures.ts';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  await resetDb();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('drafts', () => {
  it('creates a draft being edited at step 1 and keeps what was typed across a reload', async () => {
    const id = await createDraft(CLIENT, { country: 'SK' });
    vi.setSystemTime(T0 + 5_000);
    expect(await saveDraft(id, { step: 3, recipient: { receiver_name: 'Jana', receiver_city: 'Žilina' } })).toBe(true);
    expect(await saveDraft(id, { recipient: { receiver_name: 'Jana Nováková' } })).toBe(true);

    // A new connection to the same IndexedDB (a reload, another tab, a browser restart).
    const reopened = new PortalDb();
    const draft = await reopened.drafts.get(id);
    reopened.close();
    expect(draft).toEqual({
      id,
      clientId: CLIENT,
      status: 'editing',
      step: 3,
      // Each top-level key replaces the stored one: the wizard saves a whole section at a time.
      data: { country: 'SK', step: 3, recipient: { receiver_name: 'Jana Nováková' } },
      createdAt: T0,
      updatedAt: T0 + 5_000,
    });
  });

  it("lists only the client's drafts, newest saved first, and never shows another client's", async () => {
    const first = await createDraft(CLIENT, { country: 'SK' });
    vi.setSystemTime(T0 + 1_000);
    const second = await createDraft(CLIENT, { country: 'CZ' });
    vi.setSystemTime(T0 + 2_000);
    const foreign = await createDraft(OTHER_CLIENT, { country: 'HU' });
    vi.setSystemTime(T0 + 3_000);
    await saveDraft(first, { product: 'PRM' });

    expect((await listDrafts(CLIENT)).map((d) => d.id)).toEqual([first, second]);
    expect((await listDrafts(OTHER_CLIENT)).map((d) => d.id)).toEqual([foreign]);
    expect(await listDrafts('nobody')).toEqual([]);
    expect(await getDraft(foreign, CLIENT)).toBeUndefined();
    expect((await getDraft(foreign, OTHER_CLIENT))?.data.country).toBe('HU');
  });

  it('does not change a submitted draft (a late debounced save)', async () => {
    const id = await createDraft(CLIENT, { country: 'SK' });
    await submitDraft(id, wizardPayload());
    expect(await saveDraft(id, { country: 'CZ' })).toBe(false);
    expect(await saveDraft('missing', { country: 'CZ' })).toBe(false);
    expect((await db.drafts.get(id))?.data.country).toBe('SK');
  });

  it('duplicates into a new draft being edited, without errors, sharing nothing with the original', async () => {
    const id = await createDraft(CLIENT, { step: 4, parcels: [{ weight: 2, reference_number: 'P-1' }] });
    await db.drafts.update(id, { status: 'rejected', errors: { 'parcels.0.weight': ['validation.too_large'] } });
    vi.setSystemTime(T0 + 1_000);

    const copyId = await duplicateDraft(id);
    await saveDraft(copyId, { parcels: [{ weight: 3, reference_number: 'P-2' }] });

    const copy = await db.drafts.get(copyId);
    expect(copyId).not.toBe(id);
    expect(copy).toMatchObject({ clientId: CLIENT, status: 'editing', step: 4, createdAt: T0 + 1_000 });
    expect(copy?.errors).toBeUndefined();
    expect(copy?.data.parcels).toEqual([{ weight: 3, reference_number: 'P-2' }]);
    expect((await db.drafts.get(id))?.data.parcels).toEqual([{ weight: 2, reference_number: 'P-1' }]);
    await expect(duplicateDraft('missing')).rejects.toThrow(/does not exist/);
  });

  it('discards a draft, but not while its submission waits to be sent', async () => {
    const editing = await createDraft(CLIENT);
    expect(await discardDraft(editing)).toBe(true);
    expect(await db.drafts.get(editing)).toBeUndefined();
    expect(await discardDraft(editing)).toBe(false);

    const queued = await createDraft(CLIENT);
    const rowId = await submitDraft(queued, wizardPayload());
    await expect(discardDraft(queued)).rejects.toBeInstanceOf(DraftSubmittedError);
    expect(await db.drafts.get(queued)).toBeDefined();

    // Once the server has answered, the user may clear it away; the outbox keeps its record.
    await db.outbox.update(rowId, { state: 'accepted' });
    expect(await discardDraft(queued)).toBe(true);
    expect(await db.outbox.get(rowId)).toMatchObject({ state: 'accepted', draftId: queued });
  });

  it('marks a rejected submission as dealt with when its draft is discarded', async () => {
    const id = await createDraft(CLIENT);
    const rowId = await submitDraft(id, wizardPayload());
    await db.outbox.update(rowId, { state: 'rejected' });
    await db.drafts.update(id, { status: 'rejected' });

    expect(await discardDraft(id)).toBe(true);
    expect(await db.outbox.get(rowId)).toMatchObject({ state: 'rejected', resolvedAt: T0 });
  });
});

describe('useDrafts / useDraft', () => {
  function DraftList({ clientId }: { clientId: string }) {
    const drafts = useDrafts(clientId);
    if (!drafts) return <p>loading</p>;
    return (
      <ul>
        {drafts.map((d) => (
          <li key={d.id}>{d.data.country}</li>
        ))}
      </ul>
    );
  }

  function OneDraft({ id, clientId }: { id: string; clientId: string }) {
    const draft = useDraft(id, clientId);
    return <p>{draft === undefined ? 'loading' : draft === null ? 'none' : draft.data.country}</p>;
  }

  it("follows the client's drafts live", async () => {
    await createDraft(CLIENT, { country: 'SK' });
    await createDraft(OTHER_CLIENT, { country: 'HU' });
    const view = render(<DraftList clientId={CLIENT} />);
    await eventually(() => expect(view.container.textContent).toBe('SK'));

    vi.setSystemTime(T0 + 1_000);
    await act(async () => {
      await createDraft(CLIENT, { country: 'CZ' });
    });
    await eventually(() => expect(view.container.textContent).toBe('CZSK'));
    view.unmount();
  });

  it("shows a draft only to its own client", async () => {
    const id = await createDraft(OTHER_CLIENT, { country: 'HU' });
    const own = render(<OneDraft id={id} clientId={OTHER_CLIENT} />);
    const foreign = render(<OneDraft id={id} clientId={CLIENT} />);
    await eventually(() => expect(own.container.textContent).toBe('HU'));
    await eventually(() => expect(foreign.container.textContent).toBe('none'));
    own.unmount();
    foreign.unmount();
  });
});
