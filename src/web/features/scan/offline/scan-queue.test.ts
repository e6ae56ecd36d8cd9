import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARCEL_STATUS_MAX_IDS } from '#shared/domain/limits.ts';
import { db, PortalDb } from '#web/offline/db.ts';
import { pruneScans, SCAN_HISTORY_MS } from '#web/offline/queue-history.ts';
import { NoParcelIdsError, onScanQueued, queueScan, recentScans, resolveRejectedScan, scanQueueStatus } from './scan-queue.ts';
import { resetScans, scanRows } from '#tests/setup/web/scan-fixtures.ts';
import { CLIENT, OTHER_CLIENT } from '#tests/setup/web/offline-fixtures.ts';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  await resetScans();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('queueScan', () => {
  it('writes one pending row per press with the press time, upper-case ids each once and a new key', async () => {
    const listener = vi.fn();
    const off = onScanQueued(listener);
    const [first] = await queueScan(CLIENT, 'ARRIVED', ['cp000000015sk', 'CP000000015SK', ' PP0000000002 ', 'CP000000029SK|SK|010 01'], T0 - 5_000);
    const [second] = await queueScan(CLIENT, 'SENT', ['CP000000015SK']);
    off();

    const rows = await scanRows();
    expect(rows.map((r) => r.id)).toEqual([first, second]);
    expect(rows[0]).toMatchObject({
      clientId: CLIENT,
      status: 'ARRIVED',
      parcelIds: ['CP000000015SK', 'PP0000000002', 'CP000000029SK'],
      scannedAt: T0 - 5_000,
      state: 'pending',
      attempts: 0,
      failures: 0,
      nextAttemptAt: T0,
      createdAt: T0,
    });
    expect(rows[1]).toMatchObject({ status: 'SENT', scannedAt: T0 });
    expect(rows[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]?.idempotencyKey).not.toBe(rows[1]?.idempotencyKey);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('refuses a press without ids and writes nothing', async () => {
    await expect(queueScan(CLIENT, 'ARRIVED', [' ', ''])).rejects.toBeInstanceOf(NoParcelIdsError);
    expect(await scanRows()).toEqual([]);
  });

  it('splits a press of more ids than one request takes into rows of the same time, all written together', async () => {
    const ids = Array.from({ length: PARCEL_STATUS_MAX_IDS + 5 }, (_, i) => `CP${String(i).padStart(9, '0')}SK`);
    const keys = await queueScan(CLIENT, 'ARRIVED', ids);
    const rows = await scanRows();
    expect(keys).toHaveLength(2);
    expect(rows.map((r) => r.parcelIds.length)).toEqual([PARCEL_STATUS_MAX_IDS, 5]);
    expect(new Set(rows.map((r) => r.scannedAt))).toEqual(new Set([T0]));
    expect(rows.flatMap((r) => r.parcelIds)).toEqual(ids);
  });

  it('survives a reload: another connection to the database (a new tab, the app reopened) sees the rows', async () => {
    await queueScan(CLIENT, 'ARRIVED', ['CP000000015SK']);
    const reopened = new PortalDb();
    expect(await reopened.scans.count()).toBe(1);
    reopened.close();
  });
});

describe('scan queue status and history', () => {
  it('counts the waiting presses and their ids of the client, and lists its recent presses newest first', async () => {
    const [a, b, c] = [
      ...(await queueScan(CLIENT, 'ARRIVED', ['A1', 'A2'])),
      ...(await queueScan(CLIENT, 'ARRIVED', ['A3'])),
      ...(await queueScan(CLIENT, 'SENT', ['A1'])),
    ];
    await queueScan(OTHER_CLIENT, 'ARRIVED', ['B1']);
    await db.scans.update(a!, { state: 'accepted' });
    await db.scans.update(b!, { state: 'sending' });
    await db.scans.update(c!, { state: 'retry', lastError: { status: 0, code: 'network_error', message: 'offline' } });

    expect(await scanQueueStatus(CLIENT)).toEqual({ waiting: 2, waitingIds: 2, sending: true, lastError: { status: 0, code: 'network_error', message: 'offline' } });
    expect((await recentScans(CLIENT)).map((r) => r.id)).toEqual([c, b, a]);
    expect((await recentScans(CLIENT, 1)).map((r) => r.id)).toEqual([c]);
  });

  it('marks a rejected press resolved when its ids go back into the field, and prunes only old answered history', async () => {
    const [accepted, rejected, open, waiting] = [
      ...(await queueScan(CLIENT, 'ARRIVED', ['A1'])),
      ...(await queueScan(CLIENT, 'ARRIVED', ['A2'])),
      ...(await queueScan(CLIENT, 'ARRIVED', ['A3'])),
      ...(await queueScan(CLIENT, 'ARRIVED', ['A4'])),
    ];
    await db.scans.update(accepted!, { state: 'accepted' });
    await db.scans.bulkUpdate([
      { key: rejected!, changes: { state: 'rejected' } },
      { key: open!, changes: { state: 'rejected' } },
    ]);
    await resolveRejectedScan(rejected!);
    await resolveRejectedScan(waiting!); // not rejected: untouched
    expect((await db.scans.get(rejected!))?.resolvedAt).toBe(T0);
    expect((await db.scans.get(waiting!))?.resolvedAt).toBeUndefined();

    expect(await pruneScans(T0 + SCAN_HISTORY_MS - 1)).toBe(0);
    expect(await pruneScans(T0 + SCAN_HISTORY_MS + 1)).toBe(2);
    expect((await scanRows()).map((r) => r.id)).toEqual([open, waiting]);
  });
});
