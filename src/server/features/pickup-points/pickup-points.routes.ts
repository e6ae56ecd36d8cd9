import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickupPointListSchema, pickupPointSearchSchema } from '../../../shared/contract/pickup-points.ts';
import type { Db } from '../../db/client.ts';
import { searchPickupPoints } from './pickup-points.service.ts';

/** The pickup-point directory (any signed-in user; the auth plugin requires the bearer token). */
export async function pickupPointRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/pickup-points',
    { schema: { querystring: pickupPointSearchSchema, response: { 200: pickupPointListSchema } } },
    async (request) => searchPickupPoints(db, request.query),
  );
}
