import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { importListEndpoint, importPreviewEndpoint, importResultEndpoint, importStartEndpoint } from '#shared/contract/imports.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/limits.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { attachment } from '#server/attachment.ts';
import type { Db } from '#server/db/client.ts';
import { ApiError } from '#server/http-errors.ts';
import type { HeavyWork } from '#server/heavy-work.ts';
import { route } from '#server/http/route.ts';
import { beforeCommit } from '#server/plugins/idempotency.ts';
import { IMPORT_QUEUE, type ImportJobData } from './import-job.ts';
import { createImport, importResult, listImports, markImportFailed, previewImport, saveMapping } from './imports.service.ts';

/** A 30 MB file as base64 in JSON, with room for the rest of the body. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * The preview, the upload and the result file read or write a whole file (up to 30 MB) on the
 * reader and store or load it: each takes one of the company's import slots while it does
 * (heavy-work.ts, README note 99); the import itself runs later as a job.
 */
export async function importRoutes(app: FastifyInstance, { db, queue, wake, heavyWork }: { db: Db; queue: PgBoss | null; wake: () => void; heavyWork: HeavyWork }) {
  const refuseWhenFull = heavyWork.refuseWhenFull('imports');
  route(app, importPreviewEndpoint, async ({ principal, body }) => heavyWork.run('imports', principal.companyId, () => previewImport(db, principal, body)), {
    bodyLimit: UPLOAD_BODY_LIMIT,
    onRequest: refuseWhenFull,
  });

  route(
    app,
    importStartEndpoint,
    async ({ principal, body, t, request, reply }) => {
      if (!queue) throw new ApiError(503, 'unavailable', serverMessages.internal);
      return heavyWork.run('imports', principal.companyId, async () => {
        await saveMapping(db, principal, body);
        // The answer is stored with the Idempotency-Key in the transaction that creates the import.
        const answer = (id: string) => ({ id, message: t(serverMessages.importStarted) });
        const id = await createImport(db, principal, body, beforeCommit(request, reply, answer));
        try {
          await queue.send(IMPORT_QUEUE, { importId: id } satisfies ImportJobData);
          // This instance starts on it at once (another may still take it first: the queue decides).
          wake();
        } catch (error) {
          // Not queued: the import ends FAILED and its key is freed with it (the request answers
          // 5xx), so a retry under the same key uploads anew.
          const claim = request.idempotency;
          await markImportFailed(db, id, serverMessages.importInterrupted.id, claim ? (tx) => claim.releaseIn(tx) : undefined);
          throw error;
        }
        return answer(id);
      });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT, onRequest: refuseWhenFull },
  );

  route(app, importListEndpoint, async ({ scope, t }) => listImports(db, scope, t));

  route(
    app,
    importResultEndpoint,
    async ({ scope, params, t, reply }) => {
      const file = await heavyWork.run('imports', scope.companyId, () => importResult(db, scope, params.id, t));
      return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.filename)).send(file.body);
    },
    { onRequest: refuseWhenFull },
  );
}
