// Imports as the API answers them: the upload (stored, queued, answered at once), the preview for
// the mapping step, the history, and the result file.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ImportPreview, ImportRecord, ImportUpload } from '#shared/contract/imports.ts';
import { headerSignature, mappingFromHeaders, missingRequiredFields } from '#shared/domain/import-columns.ts';
import { IMPORT_MAX_BYTES, IMPORT_ROW_ERRORS_SHOWN } from '#shared/domain/limits.ts';
import { messages } from '#shared/i18n/messages.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { companies, importFiles, importMappings, importRowErrors, imports, shipments } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import { DEFAULT_RETENTION } from '#server/jobs/retention.ts';
import type { Translate } from '#server/i18n.ts';
import { companyScope, type CompanyScope } from '#server/company-scope.ts';
import type { Principal } from '../auth/public.ts';
import { loadImportFile, storeImportFile } from './import-files.ts';
import { dropOpenedUpload, openUpload } from './import-handoff.ts';
import { previewOnReader, resultFileOnReader } from './import-reader.ts';
import { ImportFileError } from './read-import-file.ts';
import type { ResultFile } from './result-file.ts';

const PREVIEW_ROWS = 5;
const HISTORY_SIZE = 100;

function fileError(error: unknown): never {
  if (error instanceof ImportFileError) throw new ApiError(422, 'validation_failed', messages.invalidRequest, { fields: { file: [error.messageId] } });
  throw error;
}

/** The upload's bytes; only the cheap checks here (size): reading the file is the job's. */
function decode(upload: ImportUpload): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(upload.file, 'base64');
  if (bytes.length === 0) throw new ApiError(422, 'validation_failed', messages.invalidRequest, { fields: { file: [documentActionMessages.importFileRequired.id] } });
  if (bytes.length > IMPORT_MAX_BYTES) throw new ApiError(422, 'validation_failed', messages.invalidRequest, { fields: { file: [documentActionMessages.importTooLarge.id] } });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** The file's columns beside the portal's fields (and the first rows), for the mapping step. */
export async function previewImport(db: Db, principal: Principal, upload: ImportUpload): Promise<ImportPreview> {
  const file = await previewOnReader(upload.type, decode(upload), PREVIEW_ROWS).catch(fileError);
  const [saved] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(companyScope(principal).own(importMappings.companyId), eq(importMappings.signature, headerSignature(file.headers))));
  const mapping = saved?.mapping ?? mappingFromHeaders(file.headers);
  return { headers: file.headers, rows: file.rows, total_rows: file.count, mapping, missing: missingRequiredFields(mapping), saved_mapping: !!saved };
}

/**
 * Stores the upload and its record (PROCESSING) in one transaction; the caller queues the job.
 * `beforeCommit` runs last in that transaction with the import's id (the route stores its
 * Idempotency-Key answer there, so the import and its answer commit together).
 */
export async function createImport(db: Db, principal: Principal, upload: ImportUpload, beforeCommit?: (tx: Db, id: string) => Promise<void>): Promise<string> {
  const content = decode(upload);
  // Read on the reader thread while the record commits (import-handoff.ts).
  const opening = openUpload(upload.type, content);
  try {
    const id = await db.transaction(async (tx) => {
      const [record] = await tx
        .insert(imports)
        .values({ companyId: companyScope(principal).companyId, clientId: principal.clientId, filename: upload.filename, type: upload.type, mapping: upload.mapping ?? null })
        .returning({ id: imports.id });
      await storeImportFile(tx, record!.id, content);
      await beforeCommit?.(tx, record!.id);
      return record!.id;
    });
    opening.keep(id);
    return id;
  } catch (error) {
    opening.drop();
    throw error;
  }
}

/** A mapping the user chose is kept for the company's next file with the same headers. */
export async function saveMapping(db: Db, principal: Principal, upload: ImportUpload): Promise<void> {
  if (!upload.mapping) return;
  const { headers } = await previewOnReader(upload.type, decode(upload), 0).catch(fileError);
  await db
    .insert(importMappings)
    .values({ companyId: companyScope(principal).companyId, signature: headerSignature(headers), mapping: upload.mapping })
    .onConflictDoUpdate({ target: [importMappings.companyId, importMappings.signature], set: { mapping: upload.mapping, updatedAt: sql`now()` } });
}

/** Ends an import FAILED before it ran; `beforeCommit` runs in the same transaction (the route frees its Idempotency-Key there). */
export async function markImportFailed(db: Db, importId: string, messageId: string, beforeCommit?: (tx: Db) => Promise<void>): Promise<void> {
  dropOpenedUpload(importId);
  await db.transaction(async (tx) => {
    await tx.update(imports).set({ status: 'FAILED', errorMessage: messageId, finishedAt: sql`now()`, processingTimeMs: 0 }).where(eq(imports.id, importId));
    await beforeCommit?.(tx);
  });
}

/** The newest imports (the company's; every company's for admins, with its name). */
export async function listImports(db: Db, scope: CompanyScope, t: Translate): Promise<ImportRecord[]> {
  const admin = scope.all;
  const rows = await db
    .select({
      record: imports,
      companyName: companies.name,
      // The upload's first part (primary key): the retention job deletes it some days after the import.
      resultAvailable: sql<boolean>`exists (select 1 from ${importFiles} f where f.import_id = ${imports.id})`,
    })
    .from(imports)
    .innerJoin(companies, eq(companies.id, imports.companyId))
    .where(scope.rows(imports.companyId))
    .orderBy(desc(imports.createdAt))
    .limit(HISTORY_SIZE);
  const withErrors = rows.filter((r) => r.record.failed > 0).map((r) => r.record.id);
  const errors = new Map<string, ImportRecord['row_errors']>();
  if (withErrors.length > 0) {
    // The first few errors of each import, in row order.
    const firstErrors = await db
      .select()
      .from(importRowErrors)
      .where(and(inArray(importRowErrors.importId, withErrors), sql`${importRowErrors.rowNumber} in (select e.row_number from import_row_errors e where e.import_id = ${importRowErrors.importId} order by e.row_number limit ${IMPORT_ROW_ERRORS_SHOWN})`))
      .orderBy(importRowErrors.importId, importRowErrors.rowNumber);
    for (const row of firstErrors) {
      const list = errors.get(row.importId) ?? [];
      for (const e of row.errors) if (list.length < IMPORT_ROW_ERRORS_SHOWN) list.push({ row: row.rowNumber, column: e.column, message: t(e.message) });
      errors.set(row.importId, list);
    }
  }
  return rows.map(({ record, companyName, resultAvailable }) => ({
    id: record.id,
    ...(admin ? { company_name: companyName } : {}),
    filename: record.filename,
    total_shipments: record.totalRows,
    successful_shipments: record.successful,
    failed_shipments: record.failed,
    progress: record.progress,
    processing_time: record.processingTimeMs,
    status: record.status,
    created_at: record.createdAt.toISOString(),
    error_message: record.errorMessage ? t(record.errorMessage) : null,
    row_errors: errors.get(record.id) ?? [],
    result_available: resultAvailable,
  }));
}

/** GET /api/v1/shipments/import/{id}: the uploaded rows with their outcome, in the upload's format. */
export async function importResult(db: Db, scope: CompanyScope, id: string, t: Translate): Promise<ResultFile> {
  const [found] = await db
    .select({ record: imports })
    .from(imports)
    .where(and(eq(imports.id, id), scope.rows(imports.companyId)));
  if (!found) throw new ApiError(404, 'not_found', documentActionMessages.importNotFound);
  const { record } = found;
  if (record.status === 'PROCESSING') throw new ApiError(409, 'conflict', serverMessages.importNotFinished);
  const content = await loadImportFile(db, id);
  // The retention job deletes an upload some days after its import finished; the record stays.
  if (!content) throw new ApiError(410, 'gone', serverMessages.importFileGone, { values: { days: DEFAULT_RETENTION.importUploadDays } });
  const created = await db
    .select({ row: shipments.importRow, itemNumber: shipments.itemNumber, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(and(eq(shipments.importId, id), isNotNull(shipments.importRow)));
  const failures = await db.select().from(importRowErrors).where(eq(importRowErrors.importId, id));
  return resultFileOnReader(content, {
    type: record.type,
    filename: record.filename,
    unreadable: record.status === 'FAILED' && !!record.errorMessage,
    fileError: record.errorMessage ? t(record.errorMessage) : null,
    created: new Map(created.map((c) => [c.row!, { itemNumber: c.itemNumber, trackingNumber: c.trackingNumber }])),
    failed: new Map(failures.map((f) => [f.rowNumber, f.errors.map((e) => `${e.column}: ${t(e.message)}`).join('; ')])),
    labels: { status: t(serverMessages.importResultStatus), created: t(serverMessages.importResultCreated), failed: t(serverMessages.importResultFailed), error: t(serverMessages.importResultError) },
  });
}
