// The drain engine behind both offline queues (the wizard outbox in features/shipments/offline/
// outbox-sync.ts, the depot's scans in features/scan/offline/scan-sync.ts): the only code that
// sends queued rows. It drains the signed-in client's due rows in creation order under a lock
// shared by all tabs, several requests at once (a bounded window, issue 19), marking rows
// `sending` before they go out, and ends every attempt as accepted, rejected or retry. Rows whose
// order matters (a parcel's ARRIVED before its SENT) never overtake each other, and a queue may
// merge consecutive rows into one request under a key of its own that is stored on the rows
// before it is sent, so that a resend carries the same rows with the same key. How long a row
// waits after a failure follows the connection (connection.ts). A 401 pauses the engine until a
// token is saved again. A row left `sending` (a tab closed mid-request) is sent again with the
// same key (or in the same batch), which the server answers with the first answer instead of
// applying it twice. Nothing is ever deleted here.
import { Dexie, type EntityTable, type IDType, type Table } from 'dexie';
import { currentClient, subscribeToken } from '../lib/token-store.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { Connection, type RetryWait } from './connection.ts';
import type { OutboxState, QueuedRow } from './db.ts';
import type { SendOutcomeOf } from './keyed-request.ts';
import { defaultOutboxLock, type OutboxLock } from './outbox-lock.ts';
import { waitingRows } from './outbox-states.ts';

export { MAX_CONSECUTIVE_NETWORK_FAILURES } from './connection.ts';

export const SYNC_INTERVAL_MS = 30_000;
/**
 * Requests of one queue in flight at once while the server answers. The server works on one
 * request's database part at a time (PGlite): a few in flight keep it busy while the others are
 * on the wire, in the browser's IndexedDB or in the server's JSON work, and more only wait there.
 * A browser opens at most 6 connections to an origin over HTTP/1.1: 4 leave the page its own.
 */
export const SEND_WINDOW = 4;
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
  /** Requests in flight at once; default SEND_WINDOW. */
  window?: number;
}

export type SettledOutcome<Result> = Extract<SendOutcomeOf<Result>, { type: 'accepted' | 'rejected' }>;

/** How a queue sends several waiting rows as one request. */
export interface MergeSpec<Row extends QueuedRow, Result> {
  /**
   * Whether `row` may go in the same request as `batch`. The engine asks only for rows never sent
   * yet, each the next row by id after the batch's last, that nothing holds back (ordering).
   */
  canJoin(batch: readonly Row[], row: Row): boolean;
  /** The row that stands for the batch in `send`: one request for all of them, under `key`. */
  combine(rows: readonly Row[], key: string): Row;
  /** Each row's part of the batch's accepted result, in the order of `rows`. */
  split(result: Result, rows: readonly Row[]): Result[];
}

/** What makes one queue: its table, how a row is sent and what its final answers write. */
export interface QueueSpec<Row extends QueuedRow, Result> {
  /** Names the queue in console errors ("Outbox", "Scan queue"). */
  label: string;
  database: Dexie;
  table: EntityTable<Row, 'id'>;
  /** Tables `settle` writes besides `table`: they join the transaction that checks the claim. */
  settleTables?: Table[];
  lockName: string;
  /** Sends one row, with its idempotency key (or a row made by `merge.combine`, with the batch's key). */
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
  /**
   * What a row changes whose order matters (a parcel's id): a row is not sent while an earlier
   * waiting row of the client names one of the same, so a parcel's ARRIVED goes before its SENT
   * even when the ARRIVED has to be tried again. Default: none (the rows are independent).
   */
  orderKeys?: (row: Row) => readonly string[];
  /** Rows that may share one request; default: one request per row. */
  merge?: MergeSpec<Row, Result>;
}

/**
 * What one drain did, counted in rows. `stoppedBy` says why it ended early: offline (the
 * browser says so, or probes in a row got no answer), signed-out (no client, or another one),
 * paused (a 401: waiting for a sign-in), stopped (stop() was called) or error (IndexedDB
 * failed; logged).
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
  /** Removes every listener and timer; a drain under way ends after the requests it has in flight. */
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

/** Rows that go out as one request: one row with its own key, or a batch (`batchKey` when it was already sent). */
interface Unit<Row> {
  rows: Row[];
  batchKey?: string;
}

interface Claimed<Row> {
  rows: Row[];
  /** The states before the claim (a 401 puts them back). */
  previous: OutboxState[];
  claimId: string;
  /** The batch's key; undefined for a row sent alone with its own key. */
  key?: string;
}

/** An answer not yet written: its time and, for a retry, the waits the connection gave it. */
interface Answered<Row, Result> {
  claimed: Claimed<Row>;
  outcome: SendOutcomeOf<Result>;
  at: number;
  wait?: RetryWait;
}

/** One drain's bookkeeping. */
interface Run {
  clientId: string;
  report: DrainReport;
  /** Rows of a fresh start not yet tried in this drain: their failure count starts again. */
  fresh: Set<number>;
  /** Rows whose claim failed (changed meanwhile): not offered again in this drain. */
  skip: Set<number>;
}

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
  const windowSize = Math.max(1, options.window ?? SEND_WINDOW);
  const onOffline = options.onOffline ?? (() => void registerBackgroundSync(SYNC_MESSAGE_TYPE));
  const connection = new Connection(random);

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
      if (mode === 'all') connection.reset();
      connection.beginDrain();
      const run: Run = { clientId, report, fresh: new Set(), skip: new Set() };
      // Answers waiting to be written; each write also claims the requests that take the freed places.
      const answered: Array<Answered<Row, Result>> = [];
      let wakeUp: (() => void) | null = null;
      let inFlight = 0;
      let units: Array<Unit<Row>> = [];
      let readAgain = true;
      let firstRead = true;
      let stoppedBy: DrainReport['stoppedBy'];
      for (;;) {
        stoppedBy ??= reasonToStop(clientId);
        if (!stoppedBy && units.length === 0 && readAgain && answered.length === 0) {
          readAgain = false;
          const rows = (await waitingRows(table, clientId)).sort((a, b) => a.id - b.id);
          const everyRow = firstRead && mode === 'all';
          if (everyRow) rows.forEach((row) => run.fresh.add(row.id));
          firstRead = false;
          units = plan(rows, run, everyRow);
        }
        const toClaim = stoppedBy ? [] : units.splice(0, Math.max(0, connection.window(windowSize) - inFlight));
        const toRecord = answered.splice(0);
        if (toClaim.length > 0 || toRecord.length > 0) {
          // One transaction writes the answers that came in and claims the next requests.
          const claims = await book(toRecord, toClaim, run);
          if (toRecord.length > 0) readAgain = true;
          for (const [i, claimed] of claims.entries()) {
            if (!claimed) {
              toClaim[i]!.rows.forEach((row) => run.skip.add(row.id));
              readAgain = true;
              continue;
            }
            const probe = !connection.open;
            inFlight += 1;
            const request = claimed.key === undefined ? claimed.rows[0]! : spec.merge!.combine(claimed.rows, claimed.key);
            void sendSafely(request).then((outcome) => {
              inFlight -= 1;
              answered.push(answer(claimed, outcome, probe));
              wakeUp?.();
            });
          }
          continue;
        }
        if (inFlight === 0 && (stoppedBy !== undefined || (units.length === 0 && !readAgain))) break;
        if (inFlight === 0) continue;
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
        });
        wakeUp = null;
      }
      if (stoppedBy === undefined || stoppedBy === 'offline') await scheduleWake(clientId);
      return stoppedBy === undefined ? report : { ...report, stoppedBy };
    }, abort.signal);
  }

  /** Why no further request may start, if so. */
  function reasonToStop(clientId: string): DrainReport['stoppedBy'] {
    if (stopped) return 'stopped';
    if (paused) return 'paused';
    if (currentClientId() !== clientId) return 'signed-out';
    if (connection.lost || !isOnline()) return 'offline';
    return undefined;
  }

  /**
   * The requests to send now, in creation order: each due row that no earlier waiting row holds
   * back, a stored batch as it was stored, and (with `merge`) runs of never-sent rows with
   * consecutive ids that the queue lets share a request.
   */
  function plan(rows: readonly Row[], run: Run, everyRow: boolean): Array<Unit<Row>> {
    const at = now();
    const held = new Set<string>();
    const units: Array<Unit<Row>> = [];
    // The request being put together; `growing` while never-sent rows may still join it.
    let open = null as { rows: Row[]; batchKey?: string; ready: boolean; growing: boolean } | null;
    const close = () => {
      if (open?.ready) units.push(open.batchKey === undefined ? { rows: open.rows } : { rows: open.rows, batchKey: open.batchKey });
      open = null;
    };
    for (const row of rows) {
      const keys = spec.orderKeys?.(row) ?? [];
      const ready = (row.state === 'pending' || row.state === 'retry') && !run.skip.has(row.id) && (everyRow || isDue(row, at)) && !keys.some((key) => held.has(key));
      for (const key of keys) held.add(key);
      if (row.batchKey !== undefined) {
        // A batch already sent goes again whole, with its key, or not at all.
        if (open?.batchKey === row.batchKey) {
          open.rows.push(row);
          open.ready &&= ready;
          continue;
        }
        close();
        open = { rows: [row], batchKey: row.batchKey, ready, growing: false };
        continue;
      }
      const last = open?.rows.at(-1);
      if (ready && open?.growing && last && row.id === last.id + 1 && mergeable(row) && spec.merge?.canJoin(open.rows, row)) {
        open.rows.push(row);
        continue;
      }
      close();
      if (ready) open = { rows: [row], ready: true, growing: mergeable(row) };
    }
    close();
    return units;
  }

  /** Only a row never sent may join a new batch: one sent alone keeps its own key until answered. */
  function mergeable(row: Row): boolean {
    return spec.merge !== undefined && row.attempts === 0 && row.batchKey === undefined;
  }

  function isDue(row: Row, at: number): boolean {
    if (row.state === 'pending') return true;
    return connection.dueAt(row) <= at;
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

  async function recoverInterrupted(): Promise<void> {
    const at = now();
    await database.transaction('rw', table, () =>
      waitingRange('sending', Dexie.maxKey).modify((row: QueuedRow) => {
        // A batch keeps its key: it goes again whole.
        row.state = 'retry';
        row.attempts += 1;
        row.nextAttemptAt = at;
        row.lastError = { status: 0, code: 'interrupted', message: 'The app closed before the answer arrived.' };
        delete row.claimId;
        delete row.notBefore;
        row.updatedAt = at;
      }),
    );
  }

  /** What an answer means for the connection (taken in the order the answers come) and for the rows. */
  function answer(claimed: Claimed<Row>, outcome: SendOutcomeOf<Result>, probe: boolean): Answered<Row, Result> {
    const at = now();
    if (outcome.type === 'unauthorized') paused = true;
    if (outcome.type !== 'retry') {
      connection.answered(at, outcome.type !== 'unauthorized');
      return { claimed, outcome, at };
    }
    const wait = connection.failed(at, { silent: outcome.error.status === 0, probe, ...(outcome.retryAfterMs === undefined ? {} : { retryAfterMs: outcome.retryAfterMs }) });
    return { claimed, outcome, at, wait };
  }

  /** In one transaction: writes the answers, then claims the units (null for one no longer as planned). */
  async function book(answers: Array<Answered<Row, Result>>, units: Array<Unit<Row>>, run: Run): Promise<Array<Claimed<Row> | null>> {
    const tally = { accepted: 0, rejected: 0, retried: 0 };
    const claims = await database.transaction('rw', [table, ...(spec.settleTables ?? [])], async () => {
      for (const item of answers) await record(item, run, tally);
      const claimed: Array<Claimed<Row> | null> = [];
      for (const unit of units) claimed.push(await claim(unit, run.clientId));
      return claimed;
    });
    run.report.accepted += tally.accepted;
    run.report.rejected += tally.rejected;
    run.report.retried += tally.retried;
    return claims;
  }

  /**
   * Marks the unit's rows `sending` under one claim of this attempt; a new batch gets its key here,
   * stored on every row before anything is sent. Null when a row is no longer as planned.
   */
  async function claim(unit: Unit<Row>, clientId: string): Promise<Claimed<Row> | null> {
    const stored = await table.bulkGet(unit.rows.map((row) => row.id as IDType<Row, 'id'>));
    const rows: Row[] = [];
    for (const row of stored) {
      if (!row || row.clientId !== clientId || (row.state !== 'pending' && row.state !== 'retry') || row.batchKey !== unit.batchKey) return null;
      if (unit.batchKey === undefined && stored.length > 1 && !mergeable(row)) return null;
      rows.push(row);
    }
    const claimId = crypto.randomUUID();
    const key = unit.batchKey ?? (rows.length > 1 ? crypto.randomUUID() : undefined);
    const at = now();
    const claimed = rows.map((row) => ({ ...row, state: 'sending', claimId, updatedAt: at, ...(key === undefined ? {} : { batchKey: key }) }) satisfies QueuedRow as Row);
    await table.bulkPut(claimed);
    return { rows: claimed, previous: rows.map((row) => row.state), claimId, ...(key === undefined ? {} : { key }) };
  }

  /** Writes how the attempt ended for each row still under this claim (a newer run may have recovered them). */
  async function record({ claimed, outcome, at, wait }: Answered<Row, Result>, run: Run, tally: Omit<DrainReport, 'stoppedBy'>): Promise<void> {
    const batch = claimed.key !== undefined;
    const results = outcome.type === 'accepted' && batch ? spec.merge!.split(outcome.result, claimed.rows) : undefined;
    const current = await table.bulkGet(claimed.rows.map((row) => row.id as IDType<Row, 'id'>));
    for (const [i, row] of current.entries()) {
      if (!row || row.state !== 'sending' || row.claimId !== claimed.claimId) continue;
      const { claimId: _claim, notBefore: _notBefore, ...unclaimed } = row;
      const base = { ...unclaimed, updatedAt: at } as Row;
      switch (outcome.type) {
        case 'accepted':
          await spec.settle(base, results ? { type: 'accepted', result: results[i]! } : outcome, at);
          tally.accepted += 1;
          break;
        case 'rejected':
          if (batch) {
            // The server refused the batch as a whole, so it applied none of it: each row goes
            // again alone, with its own key, and gets its own answer.
            const { batchKey: _key, ...alone } = base;
            await table.put({ ...alone, state: 'retry', attempts: row.attempts + 1, nextAttemptAt: at } as Row);
          } else {
            await spec.settle(base, outcome, at);
            tally.rejected += 1;
          }
          break;
        case 'retry': {
          // A fresh start (the network is back, the app restarted, "sync now") counts again from one.
          const failures = (run.fresh.has(row.id) ? 0 : row.failures) + 1;
          await table.put({ ...base, state: 'retry', attempts: row.attempts + 1, failures, ...wait!, lastError: outcome.error });
          tally.retried += 1;
          break;
        }
        case 'unauthorized':
          // Not an attempt: the row waits as it was until a client signs in again.
          await table.put({ ...base, state: claimed.previous[i]! });
          break;
      }
      if (outcome.type !== 'unauthorized') run.fresh.delete(row.id);
    }
  }

  /** A timer for the client's earliest retry when it comes before the next periodic drain. */
  async function scheduleWake(clientId: string): Promise<void> {
    clearTimeout(wake);
    wake = undefined;
    if (stopped || !started) return;
    const waiting = (await waitingRange('retry', Dexie.maxKey).toArray()).filter((row) => row.clientId === clientId);
    if (waiting.length === 0) return;
    const delay = Math.max(0, Math.min(...waiting.map((row) => connection.dueAt(row))) - now());
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
