// Admin: the first-run checklist's state (GET /api/v1/admin/setup); ADMIN only.
import type { FastifyInstance } from 'fastify';
import { setupStatusEndpoint } from '#shared/contract/admin-setup.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { setupStatus } from './setup-status.ts';

export async function adminSetupRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, setupStatusEndpoint, async () => setupStatus(db));
}
