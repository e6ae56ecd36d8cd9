// The states a queued row (a wizard submission, a scan press) passes through, grouped as the UI
// and the engine read them.
import { Dexie, type EntityTable } from 'dexie';
import type { OutboxState, QueuedRow } from './db.ts';

/** Not yet answered by the server: counted as "waiting to sync". */
export const WAITING_STATES = ['pending', 'sending', 'retry'] as const satisfies readonly OutboxState[];

export function isWaiting(state: OutboxState): boolean {
  return (WAITING_STATES as readonly OutboxState[]).includes(state);
}

/**
 * Every row of the client still waiting in a queue's table, read by state through its
 * `[state+nextAttemptAt]` index. The client is picked out after the read: a range read in one
 * go (getAll) costs a fraction of a cursor stepping through the rows with a filter.
 */
export async function waitingRows<T extends QueuedRow>(table: EntityTable<T, 'id'>, clientId: string): Promise<T[]> {
  const lists = await Promise.all(WAITING_STATES.map((state) => table.where('[state+nextAttemptAt]').between([state, Dexie.minKey], [state, Dexie.maxKey]).toArray()));
  return lists.flat().filter((row) => row.clientId === clientId);
}

/** The engine's fields of a row queued `now`: pending, due at once, never tried. */
export function freshQueueFields(now: number) {
  return { state: 'pending', attempts: 0, failures: 0, nextAttemptAt: now, createdAt: now, updatedAt: now } as const satisfies Partial<QueuedRow> & { createdAt: number };
}
