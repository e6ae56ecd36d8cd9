// The outbox states a submission passes through, grouped as the UI and the engine read them.
import type { OutboxState } from './db.ts';

/** Not yet answered by the server: counted as "waiting to sync". */
export const WAITING_STATES = ['pending', 'sending', 'retry'] as const satisfies readonly OutboxState[];

export function isWaiting(state: OutboxState): boolean {
  return (WAITING_STATES as readonly OutboxState[]).includes(state);
}
