import { attachment } from '../../attachment.ts';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { importListSchema, importPreviewSchema, importStartedSchema, importUploadSchema } from '../../../shared/contract/imports.ts';
import { IMPORT_MAX_BYTES } from '../../../shared/domain/limits.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http-errors.ts';
import { translatorForHeader } from '../../i18n.ts';
import { requirePrincipal } from '../../plugins/auth.ts';
import { IMPORT_QUEUE, type ImportJobData } from './import-job.ts';
import { createImport, importResult, listImports, markImportFailed, previewImport, saveMapping } from './imports.service.ts';

/** A 30 MB file as base64 in JSON, with room for the rest of the body. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;
const idParams = z.object({ id: z.uuid(messages.importNotFound.id) });

export async function importRoutes(app: FastifyInstance, { db, queue, wake }: { db: Db; queue: PgBoss | null; wake: () => void }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/shipments/import/preview',
    { bodyLimit: UPLOAD_BODY_LIMIT, schema: { body: importUploadSchema, response: { 200: importPreviewSchema } } },
    async (request) => previewImport(db, requirePrincipal(request), request.body),
  );

  r.post(
    '/api/v1/shipments/import',
    { bodyLimit: UPLOAD_BODY_LIMIT, config: { idempotent: true }, schema: { body: importUploadSchema, response: { 201: importStartedSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!queue) throw new ApiError(503, 'unavailable', messages.internal);
      await saveMapping(db, principal, request.body);
      const id = await createImport(db, principal, request.body);
      try {
        await queue.send(IMPORT_QUEUE, { importId: id } satisfies ImportJobData);
        // This instance starts on it at once (another may still take it first: the queue decides).
        wake();
      } catch (error) {
        await markImportFailed(db, id, messages.importInterrupted.id);
        throw error;
      }
      const t = translatorForHeader(request.headers['accept-language']);
      return reply.status(201).send({ id, message: t(messages.importStarted) });
    },
  );

  r.get('/api/v1/shipments/import', { schema: { response: { 200: importListSchema } } }, async (request) =>
    listImports(db, requirePrincipal(request), translatorForHeader(request.headers['accept-language'])),
  );

  r.get('/api/v1/shipments/import/:id', { schema: { params: idParams } }, async (request, reply) => {
    const file = await importResult(db, requirePrincipal(request), request.params.id, translatorForHeader(request.headers['accept-language']));
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.filename)).send(file.body);
  });
}
