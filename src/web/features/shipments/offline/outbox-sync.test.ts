import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { saveToken } from '#web/lib/token-store.ts';
import { RETRY_MAX_MS } from '#web/offline/backoff.ts';
import { RETRY_SOON_MS } from '#web/offline/connection.ts';
import { SEND_WINDOW } from '#web/offline/queue-engine.ts';
import { db, PortalDb, type OutboxRow } from '#web/offline/db.ts';
import { createDraft } from './drafts.ts';
import { createMemoryLock, type OutboxLock } from '#web/offline/outbox-lock.ts';
import { outboxStatus, submitDraft } from './outbox.ts';
import type { SendOutboxRow, SendOutcome } from './send-outbox-row.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './outbox-sync.ts';
import { CLIENT, deferred, eventually, OTHER_CLIENT, outboxRows, resetDb, wizardPayload } from '#tests/setup/web/offline-fixtures.ts';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);

// ---------------------------------------------------------------------------------------------
// A fake `send` that records every call (row, key, reference) and answers with `answer`.

interface Call {
  rowId: number;
  key: string;
  reference: string;
}

function recorder(answer: (row: OutboxRow, call: number) => SendOutcome | Promise<SendOutcome>) {
  const calls: Call[] = [];
  const send: SendOutboxRow = async (row) => {
    calls.push({ rowId: row.id, key: row.idempotencyKey, reference: row.payload.reference_number ?? '' });
    return answer(row, calls.length);
  };
  const perKey = () => calls.reduce((m, c) => m.set(c.key, (m.get(c.key) ?? 0) + 1), new Map<string, number>());
  return { send, calls, perKey };
}

const accepted = (row: OutboxRow): SendOutcome => ({
  type: 'accepted',
  result: { consignment_number: `PP${String(row.id).padStart(10, '0')}`, item_numbers: [`PP${String(row.id).padStart(10, '0')}`], tracking_numbers: [], replayed: false },
});
const unavailable: SendOutcome = { type: 'retry', error: { status: 503, code: 'internal_error', message: 'Service Unavailable' } };
const noAnswer: SendOutcome = { type: 'retry', error: { status: 0, code: 'network_error', message: 'TypeError: Failed to fetch' } };

/** Submits `count` drafts of the client (references REF-<start>…). */
async function queue(count: number, clientId = CLIENT, start = 1): Promise<number[]> {
  const ids: number[] = [];
  for (let i = start; i < start + count; i++) {
    const draftId = await createDraft(clientId, { country: 'SK' });
    ids.push(await submitDraft(draftId, wizardPayload({ reference_number: `REF-${i}` })));
  }
  return ids;
}

let signedIn: string | null = CLIENT;
let lock: OutboxLock;
const tokenListeners = new Set<() => void>();
const engines: SyncEngine[] = [];

/** An engine on the (faked) Date clock with fixed jitter, a fake session and its own lock unless given one. */
function engine(send: SendOutboxRow, options: SyncEngineOptions = {}): SyncEngine {
  const created = createSyncEngine({
    send,
    random: () => 0.5,
    currentClientId: () => signedIn,
    subscribeToken: (listener) => {
      tokenListeners.add(listener);
      return () => tokenListeners.delete(listener);
    },
    lock,
    isOnline: () => true,
    onOffline: () => undefined,
    ...options,
  });
  engines.push(created);
  return created;
}

/** Moves the faked clock (Date only: fake-indexeddb needs the real timers). */
const setClock = (time: number) => vi.setSystemTime(time);
const clock = () => Date.now();

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setClock(T0);
  signedIn = CLIENT;
  lock = createMemoryLock();
  tokenListeners.clear();
  await resetDb();
});

afterEach(() => {
  engines.splice(0).forEach((e) => e.stop());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('sync engine: how each send ends', () => {
  it('accepted: sends each waiting row once, oldest first, and stores what the server created', async () => {
    const [first, second] = await queue(2);
    const { send, calls } = recorder(accepted);

    const report = await engine(send).syncNow();

    expect(report).toEqual({ accepted: 2, rejected: 0, retried: 0 });
    expect(calls.map((c) => c.rowId)).toEqual([first, second]);
    const rows = await outboxRows();
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['accepted', 1],
      ['accepted', 1],
    ]);
    expect(rows[0]?.result).toEqual({ consignment_number: `PP${String(first).padStart(10, '0')}`, item_numbers: [`PP${String(first).padStart(10, '0')}`], tracking_numbers: [], replayed: false });
    expect(rows[0]?.claimId).toBeUndefined();
    // The drafts stay, submitted; a second drain has nothing to send.
    expect((await db.drafts.toArray()).map((d) => d.status)).toEqual(['submitted', 'submitted']);
    expect(await engine(send).syncNow()).toEqual({ accepted: 0, rejected: 0, retried: 0 });
    expect(calls).toHaveLength(2);
  });

  it('rejected: the row is kept as rejected and its draft comes back with the field errors', async () => {
    const [rowId] = await queue(1);
    const errors = { 'parcels.0.weight': ['validation.too_large'], receiver_postal_code: ['validation.zip_invalid'] };
    const { send } = recorder(() => ({ type: 'rejected', error: { status: 422, code: 'validation_failed', message: 'Check the fields' }, errors }));
    setClock(T0 + 1_000);

    expect(await engine(send).syncNow()).toEqual({ accepted: 0, rejected: 1, retried: 0 });

    const row = await db.outbox.get(rowId!);
    expect(row).toMatchObject({ state: 'rejected', attempts: 1, errors, lastError: { status: 422, code: 'validation_failed', message: 'Check the fields' } });
    const draft = await db.drafts.get(row!.draftId);
    expect(draft).toMatchObject({ status: 'rejected', errors, updatedAt: T0 + 1_000, data: { country: 'SK' } });
    expect(await outboxStatus(CLIENT)).toMatchObject({ waiting: 0, rejected: 1 });

    // Corrected and finished again: a new submission with a new key.
    await submitDraft(row!.draftId, wizardPayload({ reference_number: 'REF-1b' }));
    expect(await outboxStatus(CLIENT)).toMatchObject({ waiting: 1, rejected: 0 });
  });

  it('rejected after its draft was removed: the draft is rebuilt from the payload', async () => {
    const [rowId] = await queue(1);
    const row = await db.outbox.get(rowId!);
    await db.drafts.delete(row!.draftId);
    const { send } = recorder(() => ({ type: 'rejected', error: { status: 422, message: 'No' }, errors: { receiver_city: ['validation.required'] } }));

    await engine(send).syncNow();

    const draft = await db.drafts.get(row!.draftId);
    expect(draft).toMatchObject({ clientId: CLIENT, status: 'rejected', step: 6, errors: { receiver_city: ['validation.required'] } });
    expect(draft?.data.recipient?.receiver_city).toBe('Žilina');
    expect(draft?.data.parcels).toEqual(row!.payload.parcels);
  });

  it('retry: waits longer after each failure (2 s · 2^n with jitter, capped at 5 min), never giving up', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    setClock(T0);
    const [rowId] = await queue(1);
    const { send, calls } = recorder(() => unavailable);
    // Only the engine's own wake-up timer drives the retries here (the periodic drain is an hour away).
    engine(send, { intervalMs: 3_600_000 }).start();

    const waits: number[] = [];
    for (let i = 1; i <= 10; i++) {
      await eventually(async () => expect((await db.outbox.get(rowId!))?.attempts).toBe(i));
      const row = await db.outbox.get(rowId!);
      expect(row).toMatchObject({ state: 'retry', attempts: i, failures: i, lastError: { status: 503, code: 'internal_error' } });
      waits.push(row!.nextAttemptAt - clock());
      // The drain ends by setting its wake-up timer next to the periodic one.
      await eventually(() => expect(vi.getTimerCount()).toBe(2));
      vi.advanceTimersByTime(row!.nextAttemptAt - clock() + 10);
    }
    // random() = 0.5: three quarters of 2 s, 4 s, 8 s … up to 5 min.
    expect(waits).toEqual([1_500, 3_000, 6_000, 12_000, 24_000, 48_000, 96_000, 192_000, 225_000, 225_000]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(RETRY_MAX_MS);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
  });

  it('retry: the network coming back (or "sync now") tries at once and starts the backoff again', async () => {
    const [rowId] = await queue(1);
    await db.outbox.update(rowId!, { state: 'retry', attempts: 9, failures: 9, nextAttemptAt: T0 + RETRY_MAX_MS });
    const { send, calls } = recorder(() => noAnswer);

    await engine(send).syncNow();

    expect(calls).toHaveLength(1);
    expect(await db.outbox.get(rowId!)).toMatchObject({ state: 'retry', attempts: 10, failures: 1, nextAttemptAt: T0 + 1_500 });
  });

  it('retry: a periodic drain leaves a row alone until its time has come', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    setClock(T0);
    const [rowId] = await queue(1);
    let fail = true;
    const { send, calls } = recorder((row) => (fail ? unavailable : accepted(row)));
    const e = engine(send, { intervalMs: 1_000 });
    e.start();
    await eventually(async () => expect((await db.outbox.get(rowId!))?.state).toBe('retry'));
    expect((await db.outbox.get(rowId!))?.nextAttemptAt).toBe(T0 + 1_500);
    fail = false;

    // The periodic drain at +1 s comes before the row is due (+1.5 s): nothing is sent.
    vi.advanceTimersByTime(1_000);
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    expect(calls).toHaveLength(1);

    // The next one, at +2 s, sends it.
    vi.advanceTimersByTime(1_000);
    await eventually(async () => expect((await db.outbox.get(rowId!))?.state).toBe('accepted'));
    expect(calls).toHaveLength(2);
    expect((await db.outbox.get(rowId!))?.updatedAt).toBe(T0 + 2_000);
  });

  it("retry: the server's Retry-After is the least the row waits", async () => {
    const [id] = await queue(1);
    const e = engine(recorder(() => ({ ...unavailable, retryAfterMs: 10 * 60_000 })).send);
    await e.syncNow();
    const row = await db.outbox.get(id!);
    expect(row).toMatchObject({ state: 'retry', nextAttemptAt: clock() + 10 * 60_000 });
  });

  it('a send that throws is a retry, not a loss', async () => {
    const [rowId] = await queue(1);
    const report = await engine(async () => {
      throw new Error('bug');
    }).syncNow();
    expect(report.retried).toBe(1);
    expect(await db.outbox.get(rowId!)).toMatchObject({ state: 'retry', attempts: 1, lastError: { status: 0, code: 'send_failed', message: 'bug' } });
  });
});

describe('sync engine: sessions', () => {
  const token = (id: string): TokenResponse => ({
    access_token: `token-${id}`,
    token_type: 'Bearer',
    expires_in: 900,
    data: { id, name: 'Demo User', role: 'USER', products: { SK: ['PRM'] } },
  });

  it('401 pauses without counting an attempt until a token is saved, then sends the same row with the same key', async () => {
    saveToken(token(CLIENT));
    const [rowId] = await queue(2);
    const { send, calls } = recorder((row, n) => (n === 1 ? { type: 'unauthorized' } : accepted(row)));
    // The real token store: the engine reads the client from it and listens to it.
    const e = createSyncEngine({ send, lock, random: () => 0.5 });
    engines.push(e);
    e.start();

    await eventually(() => expect(e.paused).toBe(true));
    expect(calls).toHaveLength(1);
    expect(await db.outbox.get(rowId!)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await e.syncNow()).toMatchObject({ stoppedBy: 'paused' });
    expect(calls).toHaveLength(1);

    saveToken(token(CLIENT)); // signed in again
    await eventually(async () => expect((await outboxRows()).map((r) => r.state)).toEqual(['accepted', 'accepted']));
    expect(e.paused).toBe(false);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(await db.outbox.get(rowId!)).toMatchObject({ attempts: 1 });
  });

  it("sends only the signed-in client's rows, and nothing without a client", async () => {
    const mine = await queue(2, CLIENT);
    const theirs = await queue(1, OTHER_CLIENT, 10);
    const { send, calls } = recorder(accepted);
    const e = engine(send);

    signedIn = null;
    expect(await e.syncNow()).toMatchObject({ stoppedBy: 'signed-out' });
    signedIn = CLIENT;
    await e.syncNow();
    expect(calls.map((c) => c.rowId)).toEqual(mine);
    signedIn = OTHER_CLIENT;
    await e.syncNow();
    expect(calls.map((c) => c.rowId)).toEqual([...mine, ...theirs]);
  });
});

describe('sync engine: offline', () => {
  it('does not try while the browser is offline and drains when it comes back online', async () => {
    await queue(2);
    let online = false;
    const { send, calls } = recorder(accepted);
    const onOffline = vi.fn();
    const e = engine(send, { isOnline: () => online, onOffline });
    e.start();
    expect(await e.syncNow()).toMatchObject({ stoppedBy: 'offline' });
    expect(calls).toHaveLength(0);
    // The service worker is asked to wake the page when the connection is back (Background Sync).
    expect(onOffline).toHaveBeenCalled();

    online = true;
    window.dispatchEvent(new Event('online'));
    await eventually(async () => expect((await outboxRows()).map((r) => r.state)).toEqual(['accepted', 'accepted']));
  });

  it('requests without an answer are retried; after three in a row the drain waits for the next trigger', async () => {
    const ids = await queue(5);
    let down = true;
    const { send, calls } = recorder((row) => (down ? noAnswer : accepted(row)));
    const onOffline = vi.fn();
    const e = engine(send, { onOffline });

    expect(await e.syncNow()).toEqual({ accepted: 0, rejected: 0, retried: 3, stoppedBy: 'offline' });
    expect(onOffline).toHaveBeenCalledTimes(1);
    const rows = await outboxRows();
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['retry', 1],
      ['retry', 1],
      ['retry', 1],
      ['pending', 0],
      ['pending', 0],
    ]);

    down = false;
    window.dispatchEvent(new Event('online')); // not started: no listener, nothing happens
    expect(await e.syncNow()).toEqual({ accepted: 5, rejected: 0, retried: 0 });
    expect(calls.map((c) => c.rowId)).toEqual([...ids.slice(0, 3), ...ids]);
    // Each row was sent with one key only, whatever the number of attempts.
    const keys = new Map(calls.map((c) => [c.rowId, new Set<string>()]));
    calls.forEach((c) => keys.get(c.rowId)?.add(c.key));
    expect([...keys.values()].every((s) => s.size === 1)).toBe(true);
  });
});

describe('sync engine: tabs and restarts', () => {
  it('two tabs sharing the lock never send the same row twice', async () => {
    await queue(20);
    const sends = recorder(async (row) => {
      await new Promise((r) => setTimeout(r, Math.random() * 3));
      return accepted(row);
    });
    // Two tabs: their own connections to the same IndexedDB, one lock (navigator.locks in a browser).
    const tabA = engine(sends.send);
    const otherDb = new PortalDb();
    const tabB = engine(sends.send, { db: otherDb });
    tabA.start();
    tabB.start();

    // Both tabs keep asking to drain while rows are being sent, and new submissions arrive.
    const drains: Array<Promise<unknown>> = [];
    for (let i = 0; i < 40; i++) {
      drains.push(tabA.syncNow(), tabB.syncNow());
      if (i % 5 === 0) await queue(1, CLIENT, 100 + i);
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(drains);
    await Promise.all([tabA.syncNow(), tabB.syncNow()]);

    const rows = await outboxRows();
    expect(rows).toHaveLength(28);
    expect(rows.every((r) => r.state === 'accepted' && r.attempts === 1)).toBe(true);
    expect(sends.calls).toHaveLength(28);
    expect([...sends.perKey().values()].every((n) => n === 1)).toBe(true);
    otherDb.close();
  });

  it('a row left "sending" by a closed tab is sent again with the SAME key, and the dead tab cannot overwrite the result', async () => {
    const [rowId] = await queue(1);
    const hanging = deferred<SendOutcome>();
    const closedTab = recorder(() => hanging.promise);
    const tabA = engine(closedTab.send, { lock: createMemoryLock() });
    void tabA.syncNow();
    await eventually(async () => expect((await db.outbox.get(rowId!))?.state).toBe('sending'));
    tabA.stop(); // the tab is closed mid-request; its Web Lock is released with it

    const restarted = recorder(accepted);
    const otherDb = new PortalDb();
    const tabB = engine(restarted.send, { db: otherDb, lock: createMemoryLock() });
    tabB.start();
    await eventually(async () => expect((await db.outbox.get(rowId!))?.state).toBe('accepted'));

    expect(restarted.calls[0]?.key).toBe(closedTab.calls[0]?.key);
    expect(await db.outbox.get(rowId!)).toMatchObject({ attempts: 2, state: 'accepted' });

    // The old request's answer arrives after all: it belongs to an abandoned claim and is ignored.
    hanging.resolve({ type: 'rejected', error: { status: 422, message: 'late' }, errors: {} });
    await new Promise((r) => setTimeout(r, 20));
    expect(await db.outbox.get(rowId!)).toMatchObject({ state: 'accepted' });
    expect((await db.drafts.toArray()).map((d) => d.status)).toEqual(['submitted']);
    otherDb.close();
  });
});

describe('sync engine: triggers', () => {
  it('drains on a new submission, on the service worker message, and stops listening after stop()', async () => {
    const worker = new EventTarget();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: worker }));
    const { send, calls } = recorder(accepted);
    const e = engine(send);
    e.start();

    await queue(1);
    await eventually(() => expect(calls).toHaveLength(1));

    // A row that is waiting to retry, and the service worker says "sync now".
    const [rowId] = await queue(1, CLIENT, 2);
    await eventually(() => expect(calls).toHaveLength(2));
    await db.outbox.update(rowId!, { state: 'retry', nextAttemptAt: clock() + 60_000 });
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'sync-outbox' } }));
    await eventually(() => expect(calls).toHaveLength(3));

    e.stop();
    await db.outbox.update(rowId!, { state: 'retry', nextAttemptAt: clock() });
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'sync-outbox' } }));
    window.dispatchEvent(new Event('online'));
    await queue(1, CLIENT, 3);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(3);
  });
});

describe('sync engine: nothing is lost', () => {
  it('every submission is still there after a mix of answers, each in a known state', async () => {
    await queue(12);
    const { send } = recorder((row, n) => {
      if (n % 4 === 0) return { type: 'rejected', error: { status: 400, message: 'bad' }, errors: { receiver_email: ['validation.invalid_email'] } };
      if (n % 4 === 1) return unavailable;
      if (n % 4 === 2) return { type: 'unauthorized' };
      return accepted(row);
    });
    const e = engine(send);
    for (let i = 0; i < 8; i++) {
      await e.syncNow();
      tokenListeners.forEach((l) => l()); // a new sign-in after each 401
      setClock(clock() + RETRY_MAX_MS);
    }

    const rows = await outboxRows();
    const drafts = await db.drafts.toArray();
    expect(rows).toHaveLength(12);
    expect(drafts).toHaveLength(12);
    for (const row of rows) {
      expect(['pending', 'retry', 'accepted', 'rejected']).toContain(row.state);
      const draft = drafts.find((d) => d.id === row.draftId);
      expect(draft?.status).toBe(row.state === 'rejected' ? 'rejected' : 'submitted');
    }
  });
});

describe('sync engine: a window of requests (issue 19)', () => {
  /** A send whose answers the test gives, one by one: `open` lists the requests not yet answered. */
  function manual() {
    const open: Array<{ row: OutboxRow; answer: (outcome: SendOutcome) => void }> = [];
    const sent: number[] = [];
    let inFlight = 0;
    let most = 0;
    const send: SendOutboxRow = async (row) => {
      sent.push(row.id);
      inFlight += 1;
      most = Math.max(most, inFlight);
      const answer = deferred<SendOutcome>();
      open.push({ row, answer: answer.resolve });
      const outcome = await answer.promise;
      inFlight -= 1;
      return outcome;
    };
    return { send, open, sent, most: () => most };
  }
  const settle = async (ticks = 30) => {
    for (let i = 0; i < ticks; i++) await new Promise((r) => setImmediate(r));
  };

  it('sends the first request alone, then up to the window at once, oldest first', async () => {
    const ids = await queue(10);
    const server = manual();
    const drained = engine(server.send, { window: 3 }).syncNow();

    await eventually(() => expect(server.open).toHaveLength(1));
    await settle();
    // Nothing else leaves before the first answer: it says whether there is a server and a session.
    expect(server.sent).toEqual([ids[0]]);

    server.open.shift()!.answer(accepted({ id: ids[0]! } as OutboxRow));
    await eventually(() => expect(server.open).toHaveLength(3));
    await settle();
    expect(server.open).toHaveLength(3);
    // Each answer lets the next row go.
    while (server.sent.length < ids.length || server.open.length > 0) {
      await eventually(() => expect(server.open.length).toBeGreaterThan(0));
      const { row, answer } = server.open.shift()!;
      answer(accepted(row));
      await settle(5);
    }

    expect(await drained).toEqual({ accepted: 10, rejected: 0, retried: 0 });
    expect(server.sent).toEqual(ids);
    expect(server.most()).toBe(3);
    expect((await outboxRows()).every((r) => r.state === 'accepted' && r.attempts === 1)).toBe(true);
  });

  it('a lossy network (three requests in a row without an answer) does not end the drain while others are answered', async () => {
    const ids = await queue(12);
    // Calls 3, 4 and 5 get no answer; the window holds 4 (SEND_WINDOW).
    const { send, calls } = recorder((row, n) => (n >= 3 && n <= 5 ? noAnswer : accepted(row)));
    const onOffline = vi.fn();

    const report = await engine(send, { onOffline }).syncNow();

    expect(report).toEqual({ accepted: 9, rejected: 0, retried: 3 });
    expect(onOffline).not.toHaveBeenCalled();
    expect(calls.map((c) => c.rowId)).toEqual(ids);
    // The three wait a quarter of a second, not their backoff: the server was answering.
    const failed = (await outboxRows()).filter((r) => r.state === 'retry');
    expect(failed.map((r) => r.id)).toEqual(ids.slice(2, 5));
    expect(failed.every((r) => r.nextAttemptAt === T0 + RETRY_SOON_MS && r.failures === 1)).toBe(true);
  });

  it('a network that is gone ends the drain after the window and three single probes without an answer', async () => {
    const ids = await queue(12);
    const { send, calls } = recorder((row, n) => (n === 1 ? accepted(row) : noAnswer));
    const onOffline = vi.fn();

    const report = await engine(send, { onOffline }).syncNow();

    // One accepted (the window opens), the window's four in flight lost (it closes), three probes lost: offline.
    expect(SEND_WINDOW).toBe(4);
    expect(report).toEqual({ accepted: 1, rejected: 0, retried: 7, stoppedBy: 'offline' });
    expect(onOffline).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.rowId)).toEqual(ids.slice(0, 8));
    expect((await outboxRows()).filter((r) => r.state === 'pending').map((r) => r.id)).toEqual(ids.slice(8));
  });
  it('once the network is found gone, a submission queued meanwhile costs one request, not three', async () => {
    await queue(3);
    const { send, calls } = recorder(() => noAnswer);
    const onOffline = vi.fn();
    engine(send, { onOffline }).start();
    await eventually(() => expect(onOffline).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(3);

    const [queued] = await queue(1, CLIENT, 4);
    await eventually(() => expect(onOffline).toHaveBeenCalledTimes(2));
    expect(calls.map((c) => c.rowId)).toHaveLength(4);
    expect(calls[3]?.rowId).toBe(queued);
  });
});

describe('sync engine: the backoff follows the connection (issue 19)', () => {
  it('a row that got no answer while the server answered the others goes again 250 ms later, with the same key', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    setClock(T0);
    const ids = await queue(4);
    const { send, calls } = recorder((row, n) => (n === 2 ? noAnswer : accepted(row)));
    engine(send, { intervalMs: 3_600_000 }).start();

    await eventually(async () => expect((await outboxRows()).filter((r) => r.state === 'accepted')).toHaveLength(3));
    expect(await db.outbox.get(ids[1]!)).toMatchObject({ state: 'retry', failures: 1, nextAttemptAt: T0 + RETRY_SOON_MS });
    await eventually(() => expect(vi.getTimerCount()).toBe(2));

    vi.advanceTimersByTime(RETRY_SOON_MS + 10);
    await eventually(async () => expect((await db.outbox.get(ids[1]!))?.state).toBe('accepted'));
    expect(calls.filter((c) => c.rowId === ids[1]).map((c) => c.key)).toEqual([calls[1]!.key, calls[1]!.key]);
  });

  it('a row waiting out a long backoff goes soon once another row is accepted', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    setClock(T0);
    // A row that failed many times while the network was gone: its own backoff has minutes left.
    const [old] = await queue(1);
    await db.outbox.update(old!, { state: 'retry', attempts: 9, failures: 9, nextAttemptAt: T0 + 200_000, updatedAt: T0 });
    let online = false;
    const { send, calls } = recorder(accepted);
    engine(send, { intervalMs: 3_600_000, isOnline: () => online }).start();
    await eventually(() => expect(vi.getTimerCount()).toBe(1));

    // The connection is back without an `online` event; a new submission is accepted at once.
    online = true;
    setClock(T0 + 100);
    const [fresh] = await queue(1, CLIENT, 2);
    await eventually(async () => expect((await db.outbox.get(fresh!))?.state).toBe('accepted'));
    expect(calls.map((c) => c.rowId)).toEqual([fresh]);
    // The server answers again: the old row goes a quarter of a second after its failure, not in minutes.
    await eventually(() => expect(vi.getTimerCount()).toBe(2));
    vi.advanceTimersByTime(RETRY_SOON_MS);
    await eventually(async () => expect((await db.outbox.get(old!))?.state).toBe('accepted'));
    expect(calls.map((c) => c.rowId)).toEqual([fresh, old]);
    expect(clock()).toBe(T0 + 100 + RETRY_SOON_MS);
  });

  it('requests failing together (a window of 503s) raise the backoff one step, not one per request', async () => {
    await queue(6);
    const { send } = recorder(() => unavailable);

    expect(await engine(send).syncNow()).toEqual({ accepted: 0, rejected: 0, retried: 6 });

    // random() = 0.5: three quarters of the first step (2 s) for each of them.
    expect((await outboxRows()).map((r) => r.nextAttemptAt - T0)).toEqual([1_500, 1_500, 1_500, 1_500, 1_500, 1_500]);
  });
});
