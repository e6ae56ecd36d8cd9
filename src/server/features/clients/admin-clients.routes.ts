// Admin: registering clients, editing and disabling them, resetting their secret.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export async function adminClientRoutes(_app: FastifyInstance, _options: { db: Db }) {
  // Routes arrive with the client endpoints (src/shared/contract/admin-clients.ts).
}
