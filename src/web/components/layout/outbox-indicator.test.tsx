import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter as render } from '../../../../tests/setup/web/render.tsx';
import { db } from '../../offline/db.ts';
import { CLIENT, eventually, OTHER_CLIENT, resetDb, storeSubmission } from '../../../../tests/setup/web/offline-fixtures.ts';
import { OutboxIndicator } from './outbox-indicator.tsx';

async function queue(clientId: string): Promise<number> {
  return (await storeSubmission(clientId)).rowId;
}

let view: ReturnType<typeof render> | null = null;

beforeEach(async () => {
  await resetDb();
});

afterEach(() => {
  view?.unmount();
  view = null;
});

describe('OutboxIndicator', () => {
  it('shows nothing in its live region when everything is sent', async () => {
    view = render(<OutboxIndicator clientId={CLIENT} />);
    await eventually(() => expect(view?.container.querySelector('[role="status"]')).not.toBeNull());
    const status = view.container.querySelector('[role="status"]');
    expect(status?.getAttribute('aria-label')).toBe('Submissions to sync');
    expect(status?.textContent).toBe('');
  });

  it("counts the client's waiting and rejected submissions, not another client's", async () => {
    const first = await queue(CLIENT);
    await queue(CLIENT);
    await queue(OTHER_CLIENT);
    view = render(<OutboxIndicator clientId={CLIENT} />);
    const status = () => view?.container.querySelector('[role="status"]')?.textContent;
    await eventually(() => expect(status()).toBe('2 waiting to sync'));

    await act(() => db.outbox.update(first, { state: 'rejected' }));
    await eventually(() => expect(status()).toBe('1 waiting to sync1 rejected'));
    // The badges open the drafts, where the waiting and rejected submissions are listed.
    expect(view.container.querySelector('[role="status"] a')?.getAttribute('href')).toBe('/shipment/drafts');

    await act(() => db.outbox.toCollection().modify({ state: 'accepted' }));
    await eventually(() => expect(status()).toBe(''));
  });

  it('says Offline as soon as the connection drops, before anything is queued, and goes when it returns', async () => {
    view = render(<OutboxIndicator clientId={CLIENT} />);
    const status = () => view?.container.querySelector('[role="status"]')?.textContent;
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
