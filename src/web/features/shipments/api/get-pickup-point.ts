import { pickupPointEndpoint } from '#shared/contract/pickup-points.ts';
import { api } from '#web/lib/api.ts';

/** One point of the directory by id (a map widget reports only the id). */
export function getPickupPoint(id: string) {
  return api.call(pickupPointEndpoint, { params: { id } });
}
