// Admin: importing a partner's list of pickup points into the directory.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export async function pointDirectoryRoutes(_app: FastifyInstance, _options: { db: Db }) {
  // Routes arrive with the directory endpoints (src/shared/contract/admin-pickup-points.ts).
}
