import { onlineManager, queryOptions, useSuspenseQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { shipmentDetailEndpoint, type Shipment, type ShipmentList } from '#shared/contract/shipments.ts';
import { api } from '#web/lib/api.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { shipmentKeys } from './shipment-keys.ts';

export function getShipment(itemNumber: string, signal?: AbortSignal) {
  return api.call(shipmentDetailEndpoint, { params: { item_number: itemNumber }, signal });
}

export function shipmentQueryOptions(itemNumber: string) {
  return queryOptions({
    queryKey: shipmentKeys.detail(itemNumber),
    queryFn: ({ signal }) => getShipment(itemNumber, signal),
  });
}

export function useShipment(itemNumber: string) {
  return useSuspenseQuery(shipmentQueryOptions(itemNumber));
}

/**
 * A shipment as a list in the cache holds it (the list's rows are whole shipments, the detail's
 * schema): from the list loaded last when several hold it, with that list's load time. The kept
 * (unfiltered) list is restored from the device before the loaders run, so offline its rows are here.
 */
export function shipmentFromLists(client: QueryClient, itemNumber: string): { shipment: Shipment; loadedAt: number } | null {
  let found: { shipment: Shipment; loadedAt: number } | null = null;
  for (const query of client.getQueryCache().findAll({ queryKey: shipmentKeys.lists() })) {
    const data = query.state.data as InfiniteData<ShipmentList> | undefined;
    const shipment = data?.pages.flatMap((page) => page.shipments).find((row) => row.item_number === itemNumber);
    if (shipment && (!found || query.state.dataUpdatedAt > found.loadedAt)) found = { shipment, loadedAt: query.state.dataUpdatedAt };
  }
  return found;
}

/**
 * The detail page's loader. Online, the server's answer. Without a connection (the browser says
 * so, or the request got no answer), a shipment of a list kept on the device is shown as that
 * list holds it, with the list's time, and refreshed when the connection returns; one in no list
 * fails at once as offline (a clear message, not a wait for the connection: README note 124).
 */
export async function loadShipment(client: QueryClient, itemNumber: string): Promise<Shipment> {
  const options = shipmentQueryOptions(itemNumber);
  const cached = client.getQueryData(options.queryKey);
  if (cached) return cached;
  const fromList = () => {
    const kept = shipmentFromLists(client, itemNumber);
    if (!kept) return null;
    client.setQueryData(options.queryKey, kept.shipment, { updatedAt: kept.loadedAt });
    return kept.shipment;
  };
  if (!onlineManager.isOnline()) {
    const kept = fromList();
    if (kept) return kept;
    throw ApiError.offline(new Error(`shipment ${itemNumber} is not kept on this device`));
  }
  try {
    return await client.ensureQueryData(options);
  } catch (error) {
    const kept = error instanceof ApiError && error.isOffline ? fromList() : null;
    if (kept) return kept;
    throw error;
  }
}
