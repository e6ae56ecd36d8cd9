// How many of a client's rows a queue holds, by state: what the header badge and the sign-out
// check read, whichever feature queued the rows.
import { Dexie, type EntityTable } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { QueuedRow } from './db.ts';

export interface QueueStatus {
  pending: number;
  sending: number;
  retry: number;
  /** pending + sending + retry: not yet answered by the server. */
  waiting: number;
  /** Rejected rows the user has not yet dealt with (resubmitted, discarded, put back). */
  rejected: number;
}

/**
 * The client's rows of `table` by state; answered history (accepted rows, which only grow) is never
 * read. Each state's range is read in one go and counted here: a cursor stepping through the rows
 * with a filter cost several times as much (a live badge re-reads on every write of a drain).
 */
export async function queueStatus<Row extends QueuedRow>(table: EntityTable<Row, 'id'>, clientId: string): Promise<QueueStatus> {
  const [pending = 0, sending = 0, retry = 0, rejected = 0] = await Promise.all(
    (['pending', 'sending', 'retry', 'rejected'] as const).map(async (state) => {
      const rows = await table.where('[state+nextAttemptAt]').between([state, Dexie.minKey], [state, Dexie.maxKey]).toArray();
      return rows.filter((row) => row.clientId === clientId && row.resolvedAt === undefined).length;
    }),
  );
  return { pending, sending, retry, waiting: pending + sending + retry, rejected };
}

/** Live counts (undefined while loading or without a client). */
export function useQueueStatus<Row extends QueuedRow>(table: EntityTable<Row, 'id'>, clientId: string | null | undefined): QueueStatus | undefined {
  return useLiveQuery(() => (clientId ? queueStatus(table, clientId) : Promise.resolve(undefined)), [table, clientId]);
}
