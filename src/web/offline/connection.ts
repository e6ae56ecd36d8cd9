// What one queue engine knows of its connection to the server, and the waits that follow from it
// (issue 19). A row's wait after a failed send follows the connection, not the row's own history:
//   - while the server is answering (a verdict, accepted or rejected, on any row within the last
//     ANSWERING_MS), a row that failed is tried again RETRY_SOON_MS later: on a lossy network
//     the request was unlucky, not the row;
//   - otherwise the engine's backoff step sets the wait (2 s · 2^(step − 1), jitter, 5 min cap,
//     backoff.ts). The step rises by one per failed round, not per failed request: a window of
//     requests failing together is one failure of the connection. A verdict puts it back to 0.
// The window of requests in flight opens with the server's first answer of a drain (one request
// at a time before it: the first one tells whether there is a server and a valid session) and
// closes to one request at a time after SILENT_TO_PROBE sends in a row got no answer; after
// MAX_CONSECUTIVE_NETWORK_FAILURES such single requests (probes) in a row got no answer either,
// the network counts as gone until the next trigger. With a window a lossy network loses three
// requests in a row now and then (at 20 % loss, every 125th position); taking that as a lost
// connection cost tens of seconds, while closing the window costs one round trip.
import { RETRY_MAX_MS, retryDelay } from './backoff.ts';

/** After a verdict on any row the server counts as answering for this long. */
export const ANSWERING_MS = 2_000;
/** The wait of a failed row while the server is answering. */
export const RETRY_SOON_MS = 250;
/** Sends in a row without any answer that close the window to one request at a time. */
export const SILENT_TO_PROBE = 3;
/** Single requests (probes) in a row without any answer after which the network counts as gone. */
export const MAX_CONSECUTIVE_NETWORK_FAILURES = 3;

/** How a send that will be tried again ended, for the connection. */
export interface FailedSend {
  /** No HTTP answer at all (status 0: reset, refused, timed out). */
  silent: boolean;
  /** The send went out while the window was closed (a probe). */
  probe: boolean;
  /** The server's Retry-After, the least the row waits whatever the connection. */
  retryAfterMs?: number;
}

/** The waits of a row that failed at `at`. */
export interface RetryWait {
  /** When it is due by the backoff (stored as the row's nextAttemptAt). */
  nextAttemptAt: number;
  /** The server's Retry-After as an instant, if it gave one. */
  notBefore?: number;
}

export class Connection {
  /** The backoff step: 0 while the server gives verdicts, +1 per failed round. */
  step = 0;
  /** When the server last gave a verdict on any row (accepted or rejected). */
  verdictAt = -Infinity;
  /** Sends in a row, as they ended, that got no answer at all. */
  silent = 0;
  /** Probes in a row without an answer. */
  probesLost = 0;
  /** Whether the server has answered since the drain began or the window closed. */
  open = false;
  #raisedAt = -Infinity;

  constructor(private readonly random: () => number = Math.random) {}

  /** A fresh start (network back, app start, "sync now"): the backoff begins at its first step. */
  reset(): void {
    this.step = 0;
    this.#raisedAt = -Infinity;
    this.silent = 0;
    this.probesLost = 0;
  }

  /**
   * A drain begins: one request at a time until the server answers. After the network was found
   * gone, one probe more without an answer finds it gone again (a new row queued offline costs one
   * request, not three).
   */
  beginDrain(): void {
    this.open = false;
    this.probesLost = Math.min(this.probesLost, MAX_CONSECUTIVE_NETWORK_FAILURES - 1);
  }

  /** Requests allowed in flight now. */
  window(max: number): number {
    return this.open ? Math.max(1, max) : 1;
  }

  /** The network counts as gone: probes in a row got no answer. */
  get lost(): boolean {
    return this.probesLost >= MAX_CONSECUTIVE_NETWORK_FAILURES;
  }

  /** The server answered: a verdict (accepted, rejected) or a 401. */
  answered(at: number, verdict: boolean): void {
    this.silent = 0;
    this.probesLost = 0;
    this.open = true;
    if (verdict) {
      this.step = 0;
      this.#raisedAt = -Infinity;
      this.verdictAt = Math.max(this.verdictAt, at);
    }
  }

  /** A send that may heal failed at `at`: answers the row's waits. */
  failed(at: number, send: FailedSend): RetryWait {
    if (send.silent) {
      this.silent += 1;
      if (send.probe) this.probesLost += 1;
      if (this.silent >= SILENT_TO_PROBE) this.open = false;
    } else {
      // The server answered, only not with a verdict (5xx, 409, 429…): it is there.
      this.silent = 0;
      this.probesLost = 0;
      this.open = true;
    }
    // One step per round: failures within the shortest wait of the current step are one round.
    if (this.step === 0 || at - this.#raisedAt >= shortestWait(this.step)) {
      this.step += 1;
      this.#raisedAt = at;
    }
    const backoff = this.answering(at) ? RETRY_SOON_MS : retryDelay(this.step, this.random);
    const retryAfter = send.retryAfterMs ?? 0;
    return retryAfter > 0 ? { nextAttemptAt: at + Math.max(backoff, retryAfter), notBefore: at + retryAfter } : { nextAttemptAt: at + backoff };
  }

  /** The server gave a verdict within ANSWERING_MS before `at` (or after it). */
  answering(at: number): boolean {
    return this.verdictAt >= at - ANSWERING_MS;
  }

  /**
   * When a row waiting to retry is due: its backoff time, or RETRY_SOON_MS after its failure when
   * the server has been answering since shortly before it failed; never before the server's Retry-After.
   */
  dueAt(row: { nextAttemptAt: number; updatedAt: number; notBefore?: number }): number {
    const soon = this.answering(row.updatedAt) ? Math.max(row.updatedAt + RETRY_SOON_MS, row.notBefore ?? -Infinity) : Infinity;
    return Math.min(row.nextAttemptAt, soon);
  }
}

/** The shortest wait of a step (its jitter draws 0). */
function shortestWait(step: number): number {
  return Math.min(RETRY_MAX_MS, retryDelay(step, () => 0));
}
