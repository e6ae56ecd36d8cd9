// Admin: pickup addresses, their partner assignments, partner candidates and priorities.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export async function adminPickupAddressRoutes(_app: FastifyInstance, _options: { db: Db }) {
  // Routes arrive with the pickup-address endpoints (src/shared/contract/admin-pickup-addresses.ts).
}
