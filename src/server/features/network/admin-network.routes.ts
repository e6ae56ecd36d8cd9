// Admin: the delivery network page — partners with their services, feed keys and counts.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export async function adminNetworkRoutes(_app: FastifyInstance, _options: { db: Db }) {
  // Routes arrive with the network endpoints (src/shared/contract/admin-network.ts).
}
