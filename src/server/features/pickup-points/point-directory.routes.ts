// Admin: importing a partner's list of pickup points into the directory, and the imports' history.
import type { FastifyInstance } from 'fastify';
import { pointDirectoryImportEndpoint, pointDirectoryImportsEndpoint } from '#shared/contract/admin-pickup-points.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/limits.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { importPointDirectory, listPointDirectoryImports } from './point-directory.service.ts';

/** A 30 MB file as base64 in JSON, with room for the rest of the body. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;

export async function pointDirectoryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, pointDirectoryImportEndpoint, async ({ principal, body, t }) => importPointDirectory(db, principal, body, t), { bodyLimit: UPLOAD_BODY_LIMIT });
  route(app, pointDirectoryImportsEndpoint, async ({ t }) => listPointDirectoryImports(db, t));
}
