import { pickupPointSchema } from '../../../../shared/contract/pickup-points.ts';
import { api } from '../../../lib/api.ts';

/** One point of the directory by id (a map widget reports only the id). */
export function getPickupPoint(id: string) {
  return api.json(`/api/v1/pickup-points/${encodeURIComponent(id)}`, pickupPointSchema);
}
