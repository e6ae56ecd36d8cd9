import type { FastifyInstance } from 'fastify';
import { pickupPointEndpoint, pickupPointSearchEndpoint } from '../../../shared/contract/pickup-points.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http-errors.ts';
import { route } from '../../http/route.ts';
import { getPickupPoint, searchPickupPoints } from './pickup-points.service.ts';

/** The pickup-point directory (any signed-in client). */
export async function pickupPointRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, pickupPointSearchEndpoint, async ({ query }) => searchPickupPoints(db, query));
  route(app, pickupPointEndpoint, async ({ params }) => {
    const point = await getPickupPoint(db, params.id);
    if (!point) throw new ApiError(404, 'not_found', messages.pickupPointUnavailable);
    return point;
  });
}
