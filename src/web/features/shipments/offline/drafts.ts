// Wizard drafts, kept per signed-in client in IndexedDB so that a reload, a closed tab, a browser
// restart or an expired session loses nothing. Saving is immediate: debouncing is the caller's job.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type Draft } from '#web/offline/db.ts';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { DraftNotFoundError, DraftSubmittedError } from './draft-errors.ts';
import { isWaiting } from '#web/offline/outbox-states.ts';

/** A new draft as it is stored (status editing, step 1 unless the data says otherwise), not stored yet. */
export function newDraft(clientId: string, data: WizardDraftData = {}, id: string = crypto.randomUUID()): Draft {
  const now = Date.now();
  return { id, clientId, status: 'editing', step: data.step ?? 1, data: structuredClone(data), createdAt: now, updatedAt: now };
}

/**
 * Stores a new draft; answers its id. `id` is given by a wizard that opened on a draft in memory
 * (newDraft) and stores it at the first entry, under the id it already uses.
 */
export async function createDraft(clientId: string, data: WizardDraftData = {}, id?: string): Promise<string> {
  const draft = newDraft(clientId, data, id);
  await db.drafts.add(draft);
  return draft.id;
}

/**
 * Merges `patch` into the draft's data (each top-level key given replaces the stored one, e.g. the
 * whole `recipient` or `parcels`) and sets updatedAt. False when the draft is gone or submitted:
 * a late save cannot change what is already in the outbox.
 */
export function saveDraft(id: string, patch: Partial<WizardDraftData>): Promise<boolean> {
  return db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(id);
    if (!draft || draft.status === 'submitted') return false;
    const data: WizardDraftData = { ...draft.data, ...structuredClone(patch) };
    await db.drafts.update(id, { data, step: data.step ?? draft.step, updatedAt: Date.now() });
    return true;
  });
}

/** The draft, only when it belongs to `clientId`. */
export async function getDraft(id: string, clientId: string): Promise<Draft | undefined> {
  const draft = await db.drafts.get(id);
  return draft?.clientId === clientId ? draft : undefined;
}

/** The client's drafts, every status, most recently saved first. */
export function listDrafts(clientId: string): Promise<Draft[]> {
  return db.drafts
    .where('[clientId+updatedAt]')
    .between([clientId, Dexie.minKey], [clientId, Dexie.maxKey])
    .reverse()
    .toArray();
}

/** A copy to edit (status editing, no errors); answers the new id. */
export async function duplicateDraft(id: string): Promise<string> {
  const source = await db.drafts.get(id);
  if (!source) throw new DraftNotFoundError(id);
  const now = Date.now();
  const copy: Draft = {
    id: crypto.randomUUID(),
    clientId: source.clientId,
    status: 'editing',
    step: source.step,
    data: structuredClone(source.data),
    createdAt: now,
    updatedAt: now,
  };
  await db.drafts.add(copy);
  return copy.id;
}

/**
 * Deletes the draft (the user's explicit choice). Its submission, if any, stays in the outbox:
 * while it still waits to be sent the draft cannot be discarded (DraftSubmittedError), since a
 * rejection must bring the data back; a rejected submission of it no longer counts as open.
 * False when there was no such draft.
 */
export function discardDraft(id: string): Promise<boolean> {
  return db.transaction('rw', db.drafts, db.outbox, async () => {
    const draft = await db.drafts.get(id);
    if (!draft) return false;
    const rows = await db.outbox.where('draftId').equals(id).toArray();
    if (rows.some((row) => isWaiting(row.state))) throw new DraftSubmittedError(id);
    const now = Date.now();
    await db.outbox
      .where('draftId')
      .equals(id)
      .filter((row) => row.state === 'rejected' && row.resolvedAt === undefined)
      .modify({ resolvedAt: now, updatedAt: now });
    await db.drafts.delete(id);
    return true;
  });
}

/** Live list of the client's drafts (undefined while loading; empty without a client). */
export function useDrafts(clientId: string | null | undefined): Draft[] | undefined {
  return useLiveQuery(() => (clientId ? listDrafts(clientId) : Promise.resolve([])), [clientId]);
}

/** Live draft: undefined while loading, null when missing or another client's. */
export function useDraft(id: string | null | undefined, clientId: string | null | undefined): Draft | null | undefined {
  return useLiveQuery(async () => (id && clientId ? ((await getDraft(id, clientId)) ?? null) : null), [id, clientId]);
}
