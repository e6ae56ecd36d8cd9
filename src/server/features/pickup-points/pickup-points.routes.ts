import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { pickupPointListSchema, pickupPointSchema, pickupPointSearchSchema } from '../../../shared/contract/pickup-points.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http-errors.ts';
import { getPickupPoint, searchPickupPoints } from './pickup-points.service.ts';

const pointParams = z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) });

/** The pickup-point directory (any signed-in user; the auth plugin requires the bearer token). */
export async function pickupPointRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/pickup-points',
    { schema: { querystring: pickupPointSearchSchema, response: { 200: pickupPointListSchema } } },
    async (request) => searchPickupPoints(db, request.query),
  );
  r.get('/api/v1/pickup-points/:id', { schema: { params: pointParams, response: { 200: pickupPointSchema } } }, async (request) => {
    const point = await getPickupPoint(db, request.params.id);
    if (!point) throw new ApiError(404, 'not_found', messages.pickupPointUnavailable);
    return point;
  });
}
