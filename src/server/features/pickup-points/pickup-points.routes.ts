import type { FastifyInstance } from 'fastify';
import { pickupPointEndpoint, pickupPointSearchEndpoint } from '#shared/contract/pickup-points.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { ApiError } from '#server/http-errors.ts';
import { route } from '#server/http/route.ts';
import { getPickupPoint } from './pickup-points.service.ts';
import { createPointIndex } from './point-index.ts';

/** The pickup-point directory (any signed-in client). */
export async function pickupPointRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const index = createPointIndex(db);
  route(app, pickupPointSearchEndpoint, async ({ query }) => index.search(query));
  route(app, pickupPointEndpoint, async ({ params }) => {
    const point = await getPickupPoint(db, params.id);
    if (!point) throw new ApiError(404, 'not_found', serverMessages.pickupPointUnavailable);
    return point;
  });
}
