// Admin: the whole audit log (GET /api/v1/admin/audit), filtered and paged; ADMIN only.
import type { FastifyInstance } from 'fastify';
import { auditLogEndpoint } from '#shared/contract/admin-audit.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { auditLogPage } from './audit-log.ts';

export async function adminAuditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, auditLogEndpoint, async ({ query }) => auditLogPage(db, query));
}
