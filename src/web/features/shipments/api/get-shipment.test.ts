import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { testShipment } from '#tests/setup/web/shipment-fixtures.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { loadShipment, shipmentFromLists } from './get-shipment.ts';
import { shipmentKeys } from './shipment-keys.ts';

// The detail of a shipment of the kept list, offline (issue 32 item 5, README note 124).
const fetchMock = stubFetchPerTest();

const KEPT_AT = Date.parse('2026-11-29T08:15:00Z');
const kept = testShipment({ item_number: 'PP0000000101', receiver_name: 'Kept Recipient' });

function clientWithKeptList(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = { shipments: [testShipment({ item_number: 'PP0000000100' }), kept], count: 2 };
  client.setQueryData(shipmentKeys.list({}), { pages: [page], pageParams: [0] }, { updatedAt: KEPT_AT });
  return client;
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

describe('loadShipment', () => {
  it('offline, shows a row of the kept list as the list holds it, with the list time, without a request', async () => {
    onlineManager.setOnline(false);
    const client = clientWithKeptList();
    await expect(loadShipment(client, 'PP0000000101')).resolves.toMatchObject({ receiver_name: 'Kept Recipient' });
    expect(client.getQueryState(shipmentKeys.detail('PP0000000101'))?.dataUpdatedAt).toBe(KEPT_AT);
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('offline, fails at once as offline for a shipment no kept list holds (no endless wait)', async () => {
    onlineManager.setOnline(false);
    const error = await loadShipment(clientWithKeptList(), 'PP0000000999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isOffline).toBe(true);
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('a request that gets no answer falls back to the kept row; one in no list stays an offline error', async () => {
    fetchMock().mockRejectedValue(new TypeError('Failed to fetch'));
    const client = clientWithKeptList();
    await expect(loadShipment(client, 'PP0000000101')).resolves.toMatchObject({ receiver_name: 'Kept Recipient' });
    const error = await loadShipment(client, 'PP0000000999').catch((e: unknown) => e);
    expect(error instanceof ApiError && error.isOffline).toBe(true);
  });

  it('the newest of several lists holding the row wins', () => {
    const client = clientWithKeptList();
    const newer = testShipment({ item_number: 'PP0000000101', receiver_name: 'Renamed' });
    client.setQueryData(shipmentKeys.list({ status: 'CREATED' }), { pages: [{ shipments: [newer], count: 1 }], pageParams: [0] }, { updatedAt: KEPT_AT + 60_000 });
    expect(shipmentFromLists(client, 'PP0000000101')).toEqual({ shipment: newer, loadedAt: KEPT_AT + 60_000 });
    expect(shipmentFromLists(client, 'PP0000000999')).toBeNull();
  });
});
