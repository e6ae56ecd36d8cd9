// The list shows the wizard's submissions once the carrier accepts them: RefreshAfterSync (loaded
// once the list has painted) refetches the lists for every submission accepted since the list
// opened, also one accepted before it started watching, and not for older ones.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import { db, type OutboxRow } from '#web/offline/db.ts';
import { CLIENT, eventually, OTHER_CLIENT, resetDb, wizardPayload } from '#tests/setup/web/offline-fixtures.ts';
import RefreshAfterSync from './use-refresh-after-sync.ts';
import { shipmentKeys } from './shipment-keys.ts';

let nextKey = 1;
function acceptedAt(updatedAt: number, clientId = CLIENT): OutboxRow {
  const row: Omit<OutboxRow, 'id'> = {
    clientId,
    draftId: crypto.randomUUID(),
    idempotencyKey: `refresh-${nextKey++}`,
    payload: wizardPayload(),
    state: 'accepted',
    attempts: 1,
    failures: 0,
    nextAttemptAt: updatedAt - 100,
    createdAt: updatedAt - 100,
    updatedAt,
    result: { consignment_number: null, item_numbers: ['PP0000000301'], tracking_numbers: [], replayed: false },
  };
  // The database numbers the row.
  return row as OutboxRow;
}

beforeEach(() => resetDb());

function watch(openedAt: number) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue(undefined);
  render(
    <QueryClientProvider client={queryClient}>
      <RefreshAfterSync clientId={CLIENT} openedAt={openedAt} />
    </QueryClientProvider>,
  );
  return invalidate;
}

describe('RefreshAfterSync', () => {
  it('refetches the lists for a submission accepted after the list opened but before it started watching', async () => {
    const openedAt = Date.now() - 1_000;
    await db.outbox.add(acceptedAt(openedAt - 60_000)); // before the list opened: the list has it
    await db.outbox.add(acceptedAt(openedAt + 500)); // while the list painted
    const invalidate = watch(openedAt);
    await eventually(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: shipmentKeys.lists() }));
    expect(invalidate).toHaveBeenCalledOnce();
  });

  it('refetches again for each later acceptance of its client, not for older rows or another client', async () => {
    const openedAt = Date.now();
    await db.outbox.add(acceptedAt(openedAt - 60_000));
    const invalidate = watch(openedAt);
    // The first look finds nothing new.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(invalidate).not.toHaveBeenCalled();
    await act(async () => {
      await db.outbox.add(acceptedAt(Date.now(), OTHER_CLIENT));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(invalidate).not.toHaveBeenCalled();
    await act(async () => {
      await db.outbox.add(acceptedAt(Date.now()));
    });
    await eventually(() => expect(invalidate).toHaveBeenCalledOnce());
  });
});
