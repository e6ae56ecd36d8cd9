// The drain engine behind both offline queues (the wizard outbox in features/shipments/offline/
// outbox-sync.ts, the depot's scans in features/scan/offline/scan-sync.ts): the only code that sends queued rows. It drains the signed-in client's due rows
// in creation order under a lock shared by all tabs, marking each `sending` before it goes out,
// and ends every attempt as accepted, rejected or retry (exponential backoff with jitter). A 401
// pauses the engine until a token is saved again. A row left `sending` (a tab closed mid-request)
// is sent again with the same idempotency key, which the server answers with the first answer
// instead of applying it twice. Nothing is ever deleted here.
import { Dexie, type EntityTable, type IDType, type Table } from 'dexie';
import { currentClient, subscribeToken } from '../lib/token-store.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { retryDelay } from './backoff.ts';
import type { OutboxState, QueuedRow } from './db.ts';
import type { SendOutcomeOf } from './keyed-request.ts';
import { defaultOutboxLock, type OutboxLock } from './outbox-lock.ts';

export const SYNC_INTERVAL_MS = 30_000;
/** After this many sends in a row without any answer the network is taken as gone until the next trigger. */
export const MAX_CONSECUTIVE_NETWORK_FAILURES = 3;
/**
 * The service worker's message that asks the pages to drain (public/sw-outbox-sync.js), also the
 * Background Sync tag: one wake-up drains every queue.
 */
export const SYNC_MESSAGE_TYPE = 'sync-outbox';

/** The settings the app leaves at their defaults and tests replace. */
export interface QueueEngineOptions {
  now?: () => number;
  random?: () => number;
  /** The signed-in client, whose rows alone are sent; default: the token's or the remembered client's id. */
  currentClientId?: () => string | null;
  /** Called on every change of the stored token; default: token-store's subscribeToken. */
  subscribeToken?: (listener: () => void) => () => void;
  lock?: OutboxLock;
  /** Default: navigator.onLine where it exists. */
  isOnline?: () => boolean;
  /** Called when a drain stops because the network is gone; default: ask for a Background Sync. */
  onOffline?: () => void;
  intervalMs?: number;
}

export type SettledOutcome<Result> = Extract<SendOutcomeOf<Result>, { type: 'accepted' | 'rejected' }>;

/** What makes one queue: its table, how a row is sent and what its final answers write. */
export interface QueueSpec<Row extends QueuedRow, Result> {
  /** Names the queue in console errors ("Outbox", "Scan queue"). */
  label: string;
  database: Dexie;
  table: EntityTable<Row, 'id'>;
  /** Tables `settle` writes besides `table`: they join the transaction that checks the claim. */
  settleTables?: Table[];
  lockName: string;
  send: (row: Row) => Promise<SendOutcomeOf<Result>>;
  /**
   * Writes an accepted or rejected row. `row` is already unclaimed, with updatedAt = at; the
   * attempt is not yet counted. Runs inside the transaction, after the claim was checked.
   */
  settle: (row: Row, outcome: SettledOutcome<Result>, at: number) => Promise<void>;
  /** Calls the listener after each newly queued row. */
  onQueued: (listener: () => void) => () => void;
  /** Removes old history once per start. */
  prune?: (now: number) => Promise<unknown>;
}

/**
 * What one drain did. `stoppedBy` says why it ended early: offline (the browser says so, or
 * repeated network failures), signed-out (no client), paused (a 401: waiting for a sign-in),
 * stopped (stop() was called) or error (IndexedDB failed; logged).
 */
export interface DrainReport {
  accepted: number;
  rejected: number;
  retried: number;
  stoppedBy?: 'offline' | 'signed-out' | 'paused' | 'stopped' | 'error';
}

export interface QueueEngine {
  /** Registers the triggers (online, service-worker message, token changes, new rows, timer) and drains. */
  start(): void;
  /** Removes every listener and timer; a drain under way ends after its current row. */
  stop(): void;
  /** Drains now, every waiting row of the client regardless of its backoff. */
  syncNow(): Promise<DrainReport>;
  /** True after a 401, until a token is saved. */
  readonly paused: boolean;
}

/**
 * `due` (timers, new rows): pending rows and retry rows whose time has come. `all` (start,
 * online, the service worker's message, syncNow, a sign-in after a 401): every waiting row, at
 * once, and a failure starts the backoff from its first step again.
 */
type DrainMode = 'due' | 'all';

export function createQueueEngine<Row extends QueuedRow, Result>(spec: QueueSpec<Row, Result>, options: QueueEngineOptions = {}): QueueEngine {
  const { database, table, send } = spec;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  // The remembered client counts: with an expired token the send renews it (refresh cookie) first.
  const currentClientId = options.currentClientId ?? (() => currentClient()?.id ?? null);
  const watchToken = options.subscribeToken ?? subscribeToken;
  const lock = options.lock ?? defaultOutboxLock(spec.lockName);
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const intervalMs = options.intervalMs ?? SYNC_INTERVAL_MS;
  const onOffline = options.onOffline ?? (() => void registerBackgroundSync(SYNC_MESSAGE_TYPE));

  let started = false;
  let stopped = false;
  let paused = false;
  let running = false;
  let next: { mode: DrainMode; promise: Promise<DrainReport>; resolve: (report: DrainReport) => void } | null = null;
  let abort = new AbortController();
  let interval: ReturnType<typeof setInterval> | undefined;
  let wake: ReturnType<typeof setTimeout> | undefined;
  const cleanups: Array<() => void> = [];

  /** One drain at a time per engine; requests during a drain are merged into one more after it. */
  function requestDrain(mode: DrainMode): Promise<DrainReport> {
    if (!running) return launch(mode);
    if (!next) {
      let resolve!: (report: DrainReport) => void;
      const promise = new Promise<DrainReport>((r) => {
        resolve = r;
      });
      next = { mode, promise, resolve };
    } else if (mode === 'all') {
      next.mode = 'all';
    }
    return next.promise;
  }

  async function launch(mode: DrainMode): Promise<DrainReport> {
    running = true;
    try {
      const report = await drain(mode);
      if (report.stoppedBy === 'offline') onOffline();
      return report;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) console.error(`${spec.label} sync failed`, error);
      return { accepted: 0, rejected: 0, retried: 0, stoppedBy: stopped ? 'stopped' : 'error' };
    } finally {
      running = false;
      const queued = next;
      next = null;
      if (queued) void launch(queued.mode).then(queued.resolve);
    }
  }

  async function drain(mode: DrainMode): Promise<DrainReport> {
    const report: DrainReport = { accepted: 0, rejected: 0, retried: 0 };
    if (stopped) return { ...report, stoppedBy: 'stopped' };
    if (paused) return { ...report, stoppedBy: 'paused' };
    if (!isOnline()) return { ...report, stoppedBy: 'offline' };
    const clientId = currentClientId();
    if (!clientId) return { ...report, stoppedBy: 'signed-out' };

    return lock.run(async () => {
      // Holding the lock, nobody else is sending: a `sending` row is one whose tab went away.
      await recoverInterrupted();
      const done = new Set<number>();
      let networkFailures = 0;
      for (;;) {
        const rows = (await dueRows(clientId, mode)).filter((row) => !done.has(row.id));
        if (rows.length === 0) break;
        for (const row of rows) {
          if (stopped) return { ...report, stoppedBy: 'stopped' };
          if (currentClientId() !== clientId) return { ...report, stoppedBy: 'signed-out' };
          done.add(row.id);
          const claimed = await claim(row.id, clientId);
          if (!claimed) continue;
          const outcome = await sendSafely(claimed.row);
          await record(claimed.row, claimed.previous, outcome, mode);
          if (outcome.type === 'unauthorized') {
            paused = true;
            return { ...report, stoppedBy: 'paused' };
          }
          if (outcome.type === 'accepted') report.accepted += 1;
          if (outcome.type === 'rejected') report.rejected += 1;
          if (outcome.type === 'retry') {
            report.retried += 1;
            networkFailures = outcome.error.status === 0 ? networkFailures + 1 : 0;
            if (networkFailures >= MAX_CONSECUTIVE_NETWORK_FAILURES) {
              await scheduleWake(clientId);
              return { ...report, stoppedBy: 'offline' };
            }
          } else {
            networkFailures = 0;
          }
        }
      }
      await scheduleWake(clientId);
      return report;
    }, abort.signal);
  }

  async function sendSafely(row: Row): Promise<SendOutcomeOf<Result>> {
    try {
      return await send(row);
    } catch (error) {
      // A fault of ours, not an answer: keep the row and try again later.
      return { type: 'retry', error: { status: 0, code: 'send_failed', message: error instanceof Error ? error.message : String(error) } };
    }
  }

  function waitingRange(state: OutboxState, upTo: number | typeof Dexie.maxKey) {
    return table.where('[state+nextAttemptAt]').between([state, Dexie.minKey], [state, upTo], true, true);
  }

  async function dueRows(clientId: string, mode: DrainMode): Promise<Row[]> {
    const upTo = mode === 'all' ? Dexie.maxKey : now();
    const [pending, retry] = await Promise.all([
      waitingRange('pending', upTo).filter((row) => row.clientId === clientId).toArray(),
      waitingRange('retry', upTo).filter((row) => row.clientId === clientId).toArray(),
    ]);
    return [...pending, ...retry].sort((a, b) => a.id - b.id);
  }

  async function recoverInterrupted(): Promise<void> {
    const at = now();
    await database.transaction('rw', table, () =>
      waitingRange('sending', Dexie.maxKey).modify((row: QueuedRow) => {
        row.state = 'retry';
        row.attempts += 1;
        row.nextAttemptAt = at;
        row.lastError = { status: 0, code: 'interrupted', message: 'The app closed before the answer arrived.' };
        delete row.claimId;
        row.updatedAt = at;
      }),
    );
  }

  /** Marks the row `sending` under a claim of this attempt; null when it is no longer waiting. */
  function claim(id: number, clientId: string): Promise<{ row: Row; previous: OutboxState } | null> {
    return database.transaction('rw', table, async () => {
      const row = await table.get(id as IDType<Row, 'id'>);
      if (!row || row.clientId !== clientId || (row.state !== 'pending' && row.state !== 'retry')) return null;
      const claimed = { ...row, state: 'sending', claimId: crypto.randomUUID(), updatedAt: now() } satisfies QueuedRow as Row;
      await table.put(claimed);
      return { row: claimed, previous: row.state };
    });
  }

  /** Writes how the attempt ended, unless the row was meanwhile recovered by a newer run. */
  function record(sent: Row, previous: OutboxState, outcome: SendOutcomeOf<Result>, mode: DrainMode): Promise<void> {
    return database.transaction('rw', [table, ...(spec.settleTables ?? [])], async () => {
      const row = await table.get(sent.id as IDType<Row, 'id'>);
      if (!row || row.state !== 'sending' || row.claimId !== sent.claimId) return;
      const at = now();
      const { claimId: _claim, ...unclaimed } = row;
      const base = { ...unclaimed, updatedAt: at } as Row;
      switch (outcome.type) {
        case 'accepted':
        case 'rejected':
          return spec.settle(base, outcome, at);
        case 'retry': {
          // A fresh start (the network is back, the app restarted, "sync now") begins the ladder again.
          const failures = (mode === 'all' ? 0 : row.failures) + 1;
          // The server's Retry-After, when it gave one, is the least we wait.
          const delay = Math.max(retryDelay(failures, random), outcome.retryAfterMs ?? 0);
          await table.put({ ...base, state: 'retry', attempts: row.attempts + 1, failures, nextAttemptAt: at + delay, lastError: outcome.error });
          return;
        }
        case 'unauthorized':
          // Not an attempt: the row waits as it was until a client signs in again.
          await table.put({ ...base, state: previous });
          return;
      }
    });
  }

  /** A timer for the earliest retry of the client when it comes before the next periodic drain. */
  async function scheduleWake(clientId: string): Promise<void> {
    clearTimeout(wake);
    wake = undefined;
    if (stopped || !started) return;
    const first = await waitingRange('retry', Dexie.maxKey)
      .filter((row) => row.clientId === clientId)
      .first();
    if (!first) return;
    const delay = Math.max(0, first.nextAttemptAt - now());
    if (delay >= intervalMs) return;
    wake = setTimeout(() => void requestDrain('due'), delay + 10);
  }

  return {
    get paused() {
      return paused;
    },

    start() {
      if (started) return;
      started = true;
      stopped = false;
      abort = new AbortController();

      const onOnline = () => void requestDrain('all');
      if (typeof window !== 'undefined') {
        window.addEventListener('online', onOnline);
        cleanups.push(() => window.removeEventListener('online', onOnline));
      }
      const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
      if (worker) {
        const onMessage = (event: MessageEvent) => {
          if ((event.data as { type?: unknown } | null)?.type === SYNC_MESSAGE_TYPE) void requestDrain('all');
        };
        worker.addEventListener('message', onMessage);
        // Messages from the worker wait in a queue until the page says it listens.
        worker.startMessages?.();
        cleanups.push(() => worker.removeEventListener('message', onMessage));
      }
      cleanups.push(
        watchToken(() => {
          if (!currentClientId()) return;
          const wasPaused = paused;
          paused = false;
          void requestDrain(wasPaused ? 'all' : 'due');
        }),
      );
      cleanups.push(spec.onQueued(() => void requestDrain('due')));
      interval = setInterval(() => void requestDrain('due'), intervalMs);
      void requestDrain('all');
      // Old history goes once per start (the queue would otherwise only grow).
      spec.prune?.(now()).catch((error: unknown) => console.error(`${spec.label}: the history could not be pruned`, error));
    },

    stop() {
      if (!started) return;
      started = false;
      stopped = true;
      abort.abort();
      clearInterval(interval);
      clearTimeout(wake);
      interval = undefined;
      wake = undefined;
      cleanups.splice(0).forEach((cleanup) => cleanup());
    },

    syncNow() {
      return requestDrain('all');
    },
  };
}
