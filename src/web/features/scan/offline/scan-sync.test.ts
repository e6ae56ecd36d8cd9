import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '#shared/contract/auth.ts';
import { saveToken } from '#web/lib/token-store.ts';
import { db, PortalDb, type ScanRow } from '#web/offline/db.ts';
import { createMemoryLock, type OutboxLock } from '#web/offline/outbox-lock.ts';
import type { QueueEngine } from '#web/offline/queue-engine.ts';
import { queueScan, resolveRejectedScan, scanQueueStatus } from './scan-queue.ts';
import type { ScanSendOutcome, SendScanRow } from './scan-send.ts';
import { createScanSyncEngine, type ScanSyncOptions } from './scan-sync.ts';
import { fakeParcelStatusServer, resetScans, scanRows } from '#tests/setup/web/scan-fixtures.ts';
import { CLIENT, deferred, eventually } from '#tests/setup/web/offline-fixtures.ts';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);
const unavailable: ScanSendOutcome = { type: 'retry', error: { status: 503, code: 'internal_error', message: 'Service Unavailable' } };
const keyRunning: ScanSendOutcome = { type: 'retry', error: { status: 409, code: 'conflict', message: 'A request with this key is still running' } };
const noAnswer: ScanSendOutcome = { type: 'retry', error: { status: 0, code: 'network_error', message: 'TypeError: Failed to fetch' } };

let signedIn: string | null = CLIENT;
let lock: OutboxLock;
const tokenListeners = new Set<() => void>();
const engines: QueueEngine[] = [];

function engine(send: SendScanRow, options: ScanSyncOptions = {}): QueueEngine {
  const created = createScanSyncEngine({
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

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  signedIn = CLIENT;
  lock = createMemoryLock();
  tokenListeners.clear();
  await resetScans();
});

afterEach(() => {
  engines.splice(0).forEach((e) => e.stop());
  vi.useRealTimers();
  localStorage.clear();
});

describe('scan sync: exactly once', () => {
  it('sends each press once, in order, and keeps the answer per id', async () => {
    const server = fakeParcelStatusServer();
    await queueScan(CLIENT, 'ARRIVED', ['A1', 'A2']);
    await queueScan(CLIENT, 'ARRIVED', ['A2', 'A3']);
    await queueScan(CLIENT, 'SENT', ['A1']);

    expect(await engine(async (row) => server.apply(row)).syncNow()).toEqual({ accepted: 3, rejected: 0, retried: 0 });

    expect(server.requests.map((r) => r.row.parcelIds)).toEqual([['A1', 'A2'], ['A2', 'A3'], ['A1']]);
    const rows = await scanRows();
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['accepted', 1],
      ['accepted', 1],
      ['accepted', 1],
    ]);
    expect(rows[1]?.results?.map((r) => [r.parcel_id, r.result])).toEqual([
      ['A2', 'unchanged'],
      ['A3', 'updated'],
    ]);
    expect(Object.fromEntries(server.events)).toEqual({ A1: 2, A2: 1, A3: 1 });
    expect(await scanQueueStatus(CLIENT)).toMatchObject({ waiting: 0, waitingIds: 0 });
  });

  it('a press whose tab closed mid-request (the server applied it) is resent with the SAME key: one event per parcel', async () => {
    const server = fakeParcelStatusServer();
    const [rowId] = await queueScan(CLIENT, 'ARRIVED', ['A1', 'A2']);
    // Tab A: the server applies the request, but the answer never comes back.
    const hanging = deferred<ScanSendOutcome>();
    const tabA = engine(
      async (row) => {
        server.apply(row);
        return hanging.promise;
      },
      { lock: createMemoryLock() },
    );
    void tabA.syncNow();
    await eventually(async () => expect((await db.scans.get(rowId!))?.state).toBe('sending'));
    tabA.stop();

    // The app opens again (another connection): the row is recovered and sent again.
    const reopened = new PortalDb();
    const tabB = engine(async (row) => server.apply(row), { db: reopened, lock: createMemoryLock() });
    tabB.start();
    await eventually(async () => expect((await db.scans.get(rowId!))?.state).toBe('accepted'));

    expect(server.requests.map((r) => r.key)).toEqual([server.requests[0]!.key, server.requests[0]!.key]);
    expect(Object.fromEntries(server.events)).toEqual({ A1: 1, A2: 1 });
    expect(await db.scans.get(rowId!)).toMatchObject({ attempts: 2, results: [{ parcel_id: 'A1', result: 'updated' }, { parcel_id: 'A2', result: 'updated' }] });

    // The lost answer turns up after all: an abandoned claim, ignored.
    hanging.resolve({ type: 'rejected', error: { status: 400, message: 'late' }, errors: {} });
    await new Promise((r) => setTimeout(r, 20));
    expect((await db.scans.get(rowId!))?.state).toBe('accepted');
    reopened.close();
  });

  it('two tabs draining together never send a press twice', async () => {
    const server = fakeParcelStatusServer();
    // A minute apart: presses that do not merge, each its own request.
    for (let i = 0; i < 15; i++) await queueScan(CLIENT, 'ARRIVED', [`P${i}`], T0 - (15 - i) * 60_000);
    const send: SendScanRow = async (row) => {
      await new Promise((r) => setTimeout(r, Math.random() * 3));
      return server.apply(row);
    };
    const other = new PortalDb();
    const tabA = engine(send);
    const tabB = engine(send, { db: other });
    await Promise.all([tabA.syncNow(), tabB.syncNow(), tabA.syncNow(), tabB.syncNow()]);
    expect(server.requests).toHaveLength(15);
    expect([...server.events.values()].every((n) => n === 1)).toBe(true);
    other.close();
  });
});

describe('scan sync: failures', () => {
  it.each([
    ['a 5xx', unavailable],
    ['a 409 (the key is still running)', keyRunning],
    ['no answer', noAnswer],
  ])('%s is retried after a backoff with the same key', async (_name, failure) => {
    const server = fakeParcelStatusServer();
    const [rowId] = await queueScan(CLIENT, 'ARRIVED', ['A1']);
    let fail = true;
    const keys: string[] = [];
    const e = engine(async (row) => {
      keys.push(row.idempotencyKey);
      return fail ? failure : server.apply(row);
    });

    expect(await e.syncNow()).toMatchObject({ retried: 1 });
    expect(await db.scans.get(rowId!)).toMatchObject({ state: 'retry', attempts: 1, failures: 1, nextAttemptAt: T0 + 1_500, lastError: failure.type === 'retry' ? failure.error : undefined });
    // Still waiting: counted, and the reason shown.
    expect(await scanQueueStatus(CLIENT)).toMatchObject({ waiting: 1, waitingIds: 1 });

    fail = false;
    expect(await e.syncNow()).toMatchObject({ accepted: 1 });
    expect(new Set(keys).size).toBe(1);
    expect(server.events.get('A1')).toBe(1);
  });

  it('a refused press (400, 403, 422) is kept as rejected with its ids and the error; queued again it is a new press', async () => {
    const [rowId] = await queueScan(CLIENT, 'SENT', ['A1', 'A2'], T0 - 60_000);
    const refusal: ScanSendOutcome = { type: 'rejected', error: { status: 400, code: 'validation_failed', message: 'The scan time is too far from now.' }, errors: { scanned_at: ['scan.scanned_at.invalid'] } };
    expect(await engine(async () => refusal).syncNow()).toEqual({ accepted: 0, rejected: 1, retried: 0 });

    const row = (await db.scans.get(rowId!)) as ScanRow;
    expect(row).toMatchObject({ state: 'rejected', attempts: 1, parcelIds: ['A1', 'A2'], status: 'SENT', lastError: refusal.error, errors: refusal.errors });
    expect(await scanQueueStatus(CLIENT)).toMatchObject({ waiting: 0 });

    // The user puts the ids back and presses again: a new row, a new key, a new time.
    await resolveRejectedScan(row.id);
    const [again] = await queueScan(CLIENT, 'SENT', row.parcelIds);
    const server = fakeParcelStatusServer();
    await engine(async (r) => server.apply(r)).syncNow();
    const resent = await db.scans.get(again!);
    expect(resent).toMatchObject({ state: 'accepted', scannedAt: T0 });
    expect(resent?.idempotencyKey).not.toBe(row.idempotencyKey);
    expect((await db.scans.get(row.id))?.state).toBe('rejected');
  });

  it('401: pauses without counting an attempt until a token is saved, then sends the same press with the same key', async () => {
    const token: TokenResponse = { access_token: 'a', token_type: 'Bearer', expires_in: 900, data: { id: CLIENT, name: 'Admin', role: 'ADMIN', products: {} } };
    saveToken(token);
    const [rowId] = await queueScan(CLIENT, 'ARRIVED', ['A1']);
    const server = fakeParcelStatusServer();
    const keys: string[] = [];
    const e = createScanSyncEngine({
      send: async (row) => {
        keys.push(row.idempotencyKey);
        return keys.length === 1 ? { type: 'unauthorized' } : server.apply(row);
      },
      lock,
      random: () => 0.5,
    });
    engines.push(e);
    e.start();

    await eventually(() => expect(e.paused).toBe(true));
    expect(await db.scans.get(rowId!)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await e.syncNow()).toMatchObject({ stoppedBy: 'paused' });
    expect(keys).toHaveLength(1);

    saveToken(token);
    await eventually(async () => expect((await db.scans.get(rowId!))?.state).toBe('accepted'));
    expect(keys).toEqual([keys[0], keys[0]]);
    expect(server.events.get('A1')).toBe(1);
  });

  it('offline: nothing is tried; the `online` event drains', async () => {
    await queueScan(CLIENT, 'ARRIVED', ['A1']);
    let online = false;
    const server = fakeParcelStatusServer();
    const onOffline = vi.fn();
    const e = engine(async (row) => server.apply(row), { isOnline: () => online, onOffline });
    e.start();
    expect(await e.syncNow()).toMatchObject({ stoppedBy: 'offline' });
    expect(server.requests).toHaveLength(0);
    expect(onOffline).toHaveBeenCalled();

    online = true;
    window.dispatchEvent(new Event('online'));
    await eventually(async () => expect((await scanRows()).map((r) => r.state)).toEqual(['accepted']));
  });

  it('drains at once on a new press and on the service worker message', async () => {
    const worker = new EventTarget();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: worker }));
    const server = fakeParcelStatusServer();
    const e = engine(async (row) => server.apply(row));
    e.start();
    await queueScan(CLIENT, 'ARRIVED', ['A1']);
    await eventually(() => expect(server.requests).toHaveLength(1));

    const [rowId] = await queueScan(CLIENT, 'ARRIVED', ['A2']);
    await eventually(() => expect(server.requests).toHaveLength(2));
    await db.scans.update(rowId!, { state: 'retry', nextAttemptAt: Date.now() + 60_000 });
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'sync-outbox' } }));
    await eventually(() => expect(server.requests).toHaveLength(3));
    vi.unstubAllGlobals();
  });
});

describe('scan sync: merged presses (issue 19)', () => {
  it('presses of the same status and minute go as one request under a key of their own; each keeps its part of the answer', async () => {
    const server = fakeParcelStatusServer();
    const ids: number[] = [];
    for (const [i, parcel] of ['A1', 'A2', 'A3', 'A4'].entries()) ids.push(...(await queueScan(CLIENT, 'ARRIVED', [parcel], T0 + i * 1_000)));
    ids.push(...(await queueScan(CLIENT, 'ARRIVED', ['A5', 'A6'], T0 + 59_000)));

    expect(await engine(async (row) => server.apply(row)).syncNow()).toEqual({ accepted: 5, rejected: 0, retried: 0 });

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.row).toMatchObject({ status: 'ARRIVED', parcelIds: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], scannedAt: T0 });
    const rows = await scanRows();
    // The batch's key is none of the presses' own keys, and every press of it names it.
    expect(rows.map((r) => r.idempotencyKey)).not.toContain(request?.key);
    expect(rows.map((r) => r.batchKey)).toEqual(rows.map(() => request?.key));
    expect(rows.map((r) => [r.state, r.attempts, r.results?.map((x) => x.parcel_id)])).toEqual([
      ['accepted', 1, ['A1']],
      ['accepted', 1, ['A2']],
      ['accepted', 1, ['A3']],
      ['accepted', 1, ['A4']],
      ['accepted', 1, ['A5', 'A6']],
    ]);
    expect(rows.every((r) => r.scannedAt >= T0)).toBe(true);
  });

  it('another status, another minute or more than 1,000 ids start a new request', async () => {
    const server = fakeParcelStatusServer();
    await queueScan(CLIENT, 'ARRIVED', ['A1'], T0 + 1_000);
    await queueScan(CLIENT, 'ARRIVED', ['A2'], T0 + 2_000);
    await queueScan(CLIENT, 'SENT', ['B1'], T0 + 3_000);
    await queueScan(CLIENT, 'ARRIVED', ['A3'], T0 + 60_000); // the next minute
    await queueScan(CLIENT, 'ARRIVED', ['A4'], T0 + 61_000);
    const many = Array.from({ length: 999 }, (_, i) => `M${i}`);
    await queueScan(CLIENT, 'ARRIVED', many, T0 + 62_000); // 2 + 999 ids: over the route's 1,000

    await engine(async (row) => server.apply(row)).syncNow();

    expect(server.requests.map((r) => (r.row.parcelIds.length > 3 ? `${r.row.parcelIds.length} ids` : r.row.parcelIds.join('+')))).toEqual(['A1+A2', 'B1', 'A3+A4', '999 ids']);
    // A request of one press goes with the press's own key.
    const rows = await scanRows();
    expect(server.requests[1]?.key).toBe(rows[2]?.idempotencyKey);
    expect(rows[2]?.batchKey).toBeUndefined();
  });

  it('a merged request whose answer was lost goes again with the same presses and the same key: one event per parcel', async () => {
    const server = fakeParcelStatusServer();
    for (const parcel of ['A1', 'A2', 'A3']) await queueScan(CLIENT, 'ARRIVED', [parcel]);
    let loseAnswer = true;
    const e = engine(async (row) => {
      const answer = server.apply(row);
      if (!loseAnswer) return answer;
      loseAnswer = false;
      return noAnswer; // applied by the server, the answer lost on the way back
    });

    expect(await e.syncNow()).toEqual({ accepted: 0, rejected: 0, retried: 3 });
    const first = server.requests[0]!;
    expect((await scanRows()).map((r) => [r.state, r.batchKey])).toEqual([
      ['retry', first.key],
      ['retry', first.key],
      ['retry', first.key],
    ]);
    // A press of the same minute queued meanwhile does not join the batch already sent.
    await queueScan(CLIENT, 'ARRIVED', ['A4']);

    expect(await e.syncNow()).toEqual({ accepted: 4, rejected: 0, retried: 0 });
    expect(server.requests.map((r) => [r.key, r.row.parcelIds])).toEqual([
      [first.key, ['A1', 'A2', 'A3']],
      [first.key, ['A1', 'A2', 'A3']],
      [(await scanRows())[3]!.idempotencyKey, ['A4']],
    ]);
    expect(Object.fromEntries(server.events)).toEqual({ A1: 1, A2: 1, A3: 1, A4: 1 });
    // The replayed answer is split as the first would have been.
    expect((await scanRows()).map((r) => r.results?.map((x) => [x.parcel_id, x.result]))).toEqual([[['A1', 'updated']], [['A2', 'updated']], [['A3', 'updated']], [['A4', 'updated']]]);
  });

  it('a merged request whose tab closed before the answer goes again whole, with its key, from the next tab', async () => {
    const server = fakeParcelStatusServer();
    for (const parcel of ['A1', 'A2']) await queueScan(CLIENT, 'ARRIVED', [parcel]);
    const hanging = deferred<ScanSendOutcome>();
    const tabA = engine(
      async (row) => {
        server.apply(row);
        return hanging.promise;
      },
      { lock: createMemoryLock() },
    );
    void tabA.syncNow();
    await eventually(async () => expect((await scanRows()).map((r) => r.state)).toEqual(['sending', 'sending']));
    tabA.stop();
    // Pressed after the tab closed, in the same minute: not part of the batch.
    await queueScan(CLIENT, 'ARRIVED', ['A3']);

    const reopened = new PortalDb();
    const tabB = engine(async (row) => server.apply(row), { db: reopened, lock: createMemoryLock() });
    await tabB.syncNow();

    expect(server.requests.map((r) => r.row.parcelIds)).toEqual([['A1', 'A2'], ['A1', 'A2'], ['A3']]);
    expect(server.requests[1]?.key).toBe(server.requests[0]?.key);
    expect(Object.fromEntries(server.events)).toEqual({ A1: 1, A2: 1, A3: 1 });
    expect((await scanRows()).map((r) => [r.state, r.attempts])).toEqual([
      ['accepted', 2],
      ['accepted', 2],
      ['accepted', 1],
    ]);
    reopened.close();
  });

  it('a merged request the server refuses is not applied: each press goes again alone, with its own key, for its own answer', async () => {
    const server = fakeParcelStatusServer();
    const refusal: ScanSendOutcome = { type: 'rejected', error: { status: 400, code: 'validation_failed', message: 'Check the fields' }, errors: { 'parcels_id.1': ['validation.too_long'] } };
    for (const parcel of ['A1', 'BAD', 'A3']) await queueScan(CLIENT, 'ARRIVED', [parcel]);
    const sent: Array<{ key: string; parcelIds: string[] }> = [];
    const e = engine(async (row) => {
      sent.push({ key: row.idempotencyKey, parcelIds: row.parcelIds });
      return row.parcelIds.includes('BAD') ? refusal : server.apply(row);
    });

    expect(await e.syncNow()).toEqual({ accepted: 2, rejected: 1, retried: 0 });

    const rows = await scanRows();
    expect(server.requests).toHaveLength(2);
    // The refused batch went first (one request for the three), then each press alone under its own key.
    expect(sent.map((r) => r.key)).toEqual([sent[0]!.key, rows[0]!.idempotencyKey, rows[1]!.idempotencyKey, rows[2]!.idempotencyKey]);
    expect(sent[0]?.parcelIds).toEqual(['A1', 'BAD', 'A3']);
    expect(rows.map((r) => r.idempotencyKey)).not.toContain(sent[0]!.key);
    expect(rows.map((r) => [r.state, r.attempts, r.batchKey])).toEqual([
      ['accepted', 2, undefined],
      ['rejected', 2, undefined],
      ['accepted', 2, undefined],
    ]);
    expect(rows[1]).toMatchObject({ parcelIds: ['BAD'], lastError: refusal.error, errors: refusal.errors });
  });

  it('a press sent alone whose answer was lost keeps its own key: it never joins a batch', async () => {
    const server = fakeParcelStatusServer();
    const [first] = await queueScan(CLIENT, 'ARRIVED', ['A1']);
    let lose = true;
    const e = engine(async (row) => {
      const answer = server.apply(row);
      if (lose) {
        lose = false;
        return noAnswer;
      }
      return answer;
    });
    await e.syncNow();
    await queueScan(CLIENT, 'ARRIVED', ['A2']);
    await queueScan(CLIENT, 'ARRIVED', ['A3']);

    await e.syncNow();

    const firstKey = (await db.scans.get(first!))?.idempotencyKey;
    expect(server.requests.map((r) => [r.key === firstKey, r.row.parcelIds])).toEqual([
      [true, ['A1']],
      [true, ['A1']],
      [false, ['A2', 'A3']],
    ]);
    expect(Object.fromEntries(server.events)).toEqual({ A1: 1, A2: 1, A3: 1 });
  });
});

describe('scan sync: the order per parcel (issue 19)', () => {
  it("a parcel's SENT waits for its ARRIVED, also when the ARRIVED has to be tried again; other parcels go meanwhile", async () => {
    const server = fakeParcelStatusServer();
    await queueScan(CLIENT, 'ARRIVED', ['A1'], T0);
    await queueScan(CLIENT, 'SENT', ['A1'], T0 + 1_000);
    await queueScan(CLIENT, 'ARRIVED', ['B1'], T0 + 2_000);
    let failA1 = true;
    const sent: string[] = [];
    const e = engine(async (row) => {
      sent.push(`${row.status} ${row.parcelIds.join('+')}`);
      if (failA1 && row.parcelIds.includes('A1')) {
        failA1 = false;
        return noAnswer;
      }
      return server.apply(row);
    });

    expect(await e.syncNow()).toEqual({ accepted: 1, rejected: 0, retried: 1 });
    expect(sent).toEqual(['ARRIVED A1', 'ARRIVED B1']);
    expect((await scanRows()).map((r) => r.state)).toEqual(['retry', 'pending', 'accepted']);

    // Its time comes: ARRIVED first, then (on the next read) the SENT it held back.
    vi.setSystemTime(T0 + 60_000);
    expect(await e.syncNow()).toEqual({ accepted: 2, rejected: 0, retried: 0 });
    expect(sent).toEqual(['ARRIVED A1', 'ARRIVED B1', 'ARRIVED A1', 'SENT A1']);
  });

  it('a press that names a parcel of an earlier press stays out of its batch and waits for it', async () => {
    const server = fakeParcelStatusServer();
    await queueScan(CLIENT, 'ARRIVED', ['A1', 'A2']);
    await queueScan(CLIENT, 'ARRIVED', ['A3']);
    await queueScan(CLIENT, 'ARRIVED', ['A2']); // pressed again
    await queueScan(CLIENT, 'ARRIVED', ['A4']);

    await engine(async (row) => server.apply(row)).syncNow();

    // The second A2 holds its press back and ends the batch; A4 goes alone, the second A2 after the first.
    expect(server.requests.map((r) => r.row.parcelIds)).toEqual([['A1', 'A2', 'A3'], ['A4'], ['A2']]);
    expect((await scanRows()).map((r) => r.results?.map((x) => x.result))).toEqual([['updated', 'updated'], ['updated'], ['unchanged'], ['updated']]);
    expect(Object.fromEntries(server.events)).toEqual({ A1: 1, A2: 1, A3: 1, A4: 1 });
  });
});
