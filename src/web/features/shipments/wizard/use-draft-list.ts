import { useLiveQuery } from 'dexie-react-hooks';
import type { Draft, OutboxRow } from '#web/offline/db.ts';
import { listDrafts } from '../offline/drafts.ts';
import { listWaiting } from '../offline/outbox.ts';

/** editing / rejected: the user's to finish; waiting: in the outbox, not yet answered. */
export type DraftListState = 'editing' | 'rejected' | 'waiting';

export interface DraftListItem {
  draft: Draft;
  state: DraftListState;
  /** The outbox row of a waiting draft (its attempts and last error). */
  row?: OutboxRow;
}

/**
 * The client's drafts that still need someone: the ones being edited, the ones the server
 * rejected and the submissions waiting to be sent. A submission the server accepted is a
 * shipment now and is left out. Live across tabs; undefined while loading.
 */
export function useDraftList(clientId: string): DraftListItem[] | undefined {
  return useLiveQuery(async () => {
    const [drafts, rows] = await Promise.all([listDrafts(clientId), listWaiting(clientId)]);
    const waiting = new Map(rows.map((row) => [row.draftId, row]));
    return drafts.flatMap((draft): DraftListItem[] => {
      if (draft.status === 'editing' || draft.status === 'rejected') return [{ draft, state: draft.status }];
      const row = waiting.get(draft.id);
      return row ? [{ draft, state: 'waiting', row }] : [];
    });
  }, [clientId]);
}
