import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT, OTHER_CLIENT, resetDb, storeScan, storeSubmission } from '#tests/setup/web/offline-fixtures.ts';
import { resetScans } from '#tests/setup/web/scan-fixtures.ts';
import { db } from './db.ts';
import { queueStatus, useQueueStatus } from './queue-status.ts';

beforeEach(async () => {
  await resetDb();
  await resetScans();
});

afterEach(cleanup);

async function submission(clientId: string, state: 'pending' | 'sending' | 'retry' | 'accepted' | 'rejected', resolved = false) {
  const { rowId } = await storeSubmission(clientId);
  await db.outbox.update(rowId, { state, ...(resolved ? { resolvedAt: Date.now() } : {}) });
  return rowId;
}

describe('queueStatus', () => {
  it("counts one client's rows by state, open rejections only, in any queue", async () => {
    for (const state of ['retry', 'pending', 'accepted', 'sending', 'rejected'] as const) await submission(CLIENT, state);
    await submission(CLIENT, 'rejected', true);
    await submission(OTHER_CLIENT, 'pending');
    const scan = await storeScan(CLIENT, 'ARRIVED', ['CP000000015SK']);
    await storeScan(CLIENT, 'SENT', ['CP000000029SK']);
    await db.scans.update(scan, { state: 'retry' });

    expect(await queueStatus(db.outbox, CLIENT)).toEqual({ pending: 1, sending: 1, retry: 1, waiting: 3, rejected: 1 });
    expect(await queueStatus(db.outbox, OTHER_CLIENT)).toEqual({ pending: 1, sending: 0, retry: 0, waiting: 1, rejected: 0 });
    expect(await queueStatus(db.scans, CLIENT)).toEqual({ pending: 1, sending: 0, retry: 1, waiting: 2, rejected: 0 });
    expect(await queueStatus(db.scans, OTHER_CLIENT)).toEqual({ pending: 0, sending: 0, retry: 0, waiting: 0, rejected: 0 });
  });
});

describe('useQueueStatus', () => {
  it('follows the queue live', async () => {
    function Badge() {
      const status = useQueueStatus(db.outbox, CLIENT);
      return <p>{status ? `${status.waiting} waiting, ${status.rejected} rejected` : 'loading'}</p>;
    }
    render(<Badge />);
    expect(await screen.findByText('0 waiting, 0 rejected')).toBeTruthy();
    const rowId = await act(() => submission(CLIENT, 'pending'));
    expect(await screen.findByText('1 waiting, 0 rejected')).toBeTruthy();
    await act(() => db.outbox.update(rowId, { state: 'rejected' }));
    expect(await screen.findByText('0 waiting, 1 rejected')).toBeTruthy();
  });
});
