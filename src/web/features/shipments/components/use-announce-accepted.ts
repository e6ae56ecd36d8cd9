import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { db, type OutboxRow } from '#web/offline/db.ts';
import { useAnnounceCreated } from './use-announce-created.ts';

/** A submission accepted later than this after Finish (or after a failed try) had waited in the browser. */
export const WAITED_MS = 15_000;

/** The client's submissions the server accepted at or after `since` (any tab's sync engine). */
export function acceptedSince(clientId: string, since: number): Promise<OutboxRow[]> {
  return db.outbox
    .where('[state+nextAttemptAt]')
    .between(['accepted', Dexie.minKey], ['accepted', Dexie.maxKey])
    .filter((row) => row.clientId === clientId && row.updatedAt >= since)
    .toArray();
}

export const hadWaited = (row: Pick<OutboxRow, 'attempts' | 'createdAt' | 'updatedAt'>) => row.attempts > 1 || row.updatedAt - row.createdAt > WAITED_MS;

/**
 * Tells the user when the wizard's submissions become shipments, on whatever page they are: a
 * submission sent at once says "Shipment … created", one that waited (offline) says it was sent;
 * both offer the label and mark the rows new. Submissions accepted before `openedAt` (when the
 * shell opened; by default when this hook first ran) are not announced again. Rows accepted
 * together (a queue drained when the connection came back) make one toast.
 */
export function useAnnounceAccepted(clientId: string | null | undefined, openedAt?: number): void {
  const announce = useAnnounceCreated();
  const [since] = useState(() => openedAt ?? Date.now());
  const announced = useRef(new Set<number>());
  const accepted = useLiveQuery(() => (clientId ? acceptedSince(clientId, since) : Promise.resolve([])), [clientId, since]);

  useEffect(() => {
    const fresh = (accepted ?? []).filter((row) => !announced.current.has(row.id)).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    for (const row of fresh) announced.current.add(row.id);
    // A 2xx without the expected numbers is still a shipment; the refreshed list shows it.
    const items = fresh.flatMap((row) => row.result?.item_numbers ?? []);
    announce(
      items,
      fresh.some(hadWaited) ? 'sent' : 'created',
      fresh.map((row) => row.payload.pickup_address_id),
    );
  }, [accepted, announce]);
}

/**
 * useAnnounceAccepted as a component, for the shell to load once its first page has painted: it
 * reads IndexedDB through Dexie, which that paint does not need (routes/_app.tsx).
 */
export default function AnnounceAccepted({ clientId, openedAt }: { clientId: string | null | undefined; openedAt: number }): null {
  useAnnounceAccepted(clientId, openedAt);
  return null;
}
