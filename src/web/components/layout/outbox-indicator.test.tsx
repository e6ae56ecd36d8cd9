import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter as render } from '#tests/setup/web/render.tsx';
import { db } from '#web/offline/db.ts';
import { CLIENT, eventually, OTHER_CLIENT, resetDb, storeSubmission } from '#tests/setup/web/offline-fixtures.ts';
import { freshQueueFields } from '#web/offline/outbox-states.ts';
import { OutboxIndicator } from './outbox-indicator.tsx';

/** A press of Arrive or Sent waiting in the scan queue, written as the scan page writes it. */
function queueScan(clientId: string, status: 'ARRIVED' | 'SENT', parcelIds: string[]): Promise<number> {
  const now = Date.now();
  return db.scans.add({ clientId, status, parcelIds, scannedAt: now, idempotencyKey: crypto.randomUUID(), ...freshQueueFields(now) });
}

async function queue(clientId: string): Promise<number> {
  return (await storeSubmission(clientId)).rowId;
}

beforeEach(async () => {
  await resetDb();
  await db.scans.clear();
});

/** The badge's live region (its text is what a screen reader announces). */
const status = () => screen.queryByRole('status', { name: 'Submissions to sync' })?.textContent;

describe('OutboxIndicator', () => {
  it('shows nothing in its live region when everything is sent', async () => {
    render(<OutboxIndicator clientId={CLIENT} />);
    await eventually(() => expect(status()).toBe(''));
  });

  it("counts the client's waiting and rejected submissions, not another client's", async () => {
    const first = await queue(CLIENT);
    await queue(CLIENT);
    await queue(OTHER_CLIENT);
    render(<OutboxIndicator clientId={CLIENT} />);
    await eventually(() => expect(status()).toBe('2 waiting to sync'));

    await act(() => db.outbox.update(first, { state: 'rejected' }));
    await eventually(() => expect(status()).toBe('1 waiting to sync1 rejected'));
    // The badges open the drafts, where the waiting and rejected submissions are listed.
    expect(within(screen.getByRole('status', { name: 'Submissions to sync' })).getByRole('link').getAttribute('href')).toBe('/shipment/drafts');

    await act(() => db.outbox.toCollection().modify({ state: 'accepted' }));
    await eventually(() => expect(status()).toBe(''));
  });

  it("counts the client's waiting and rejected scans beside the submissions, linked to the scan page (issue 32 item 5)", async () => {
    await queue(CLIENT);
    const first = await queueScan(CLIENT, 'ARRIVED', ['CP100000198SK']);
    await queueScan(CLIENT, 'SENT', ['CP100000199SK']);
    await queueScan(OTHER_CLIENT, 'SENT', ['CP100000200SK']);
    render(<OutboxIndicator clientId={CLIENT} />);
    await eventually(() => expect(status()).toBe('1 waiting to sync2 scans waiting'));
    const links = within(screen.getByRole('status', { name: 'Submissions to sync' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/shipment/drafts', '/shipment/scan']);

    await act(() => db.scans.update(first, { state: 'rejected' }));
    await eventually(() => expect(status()).toBe('1 waiting to sync1 scan waiting1 scan rejected'));
    await act(async () => {
      await db.scans.toCollection().modify({ state: 'accepted' });
      await db.outbox.toCollection().modify({ state: 'accepted' });
    });
    await eventually(() => expect(status()).toBe(''));
  });

  it('says Offline as soon as the connection drops, before anything is queued, and goes when it returns', async () => {
    render(<OutboxIndicator clientId={CLIENT} />);
    await eventually(() => expect(status()).toBe(''));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      await eventually(() => expect(status()).toBe('Offline'));
      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await eventually(() => expect(status()).toBe(''));
    } finally {
      onLine.mockRestore();
    }
  });
});
