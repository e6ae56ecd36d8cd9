// The import job (pg-boss queue `import`, shared by every server instance on the database). It
// starts from the upload already opened on the reader when this instance stored it
// (import-handoff.ts), else reads the stored file; it checks each row with the send form's rules
// and creates the valid ones in chunks; the file is parsed and each row's schema checked on the reader thread, a chunk ahead
// of the database work (import-reader.ts). Each chunk, its row errors and the import's progress
// commit together, so a job resumed after a restart continues after the last committed chunk and
// never creates a row twice. A job that keeps failing ends in the dead-letter queue, which marks
// the import FAILED: no import stays PROCESSING forever. Each chunk's transaction first moves the
// import's progress from where this run started the chunk, so two runs of one import (a job given
// back while its first run still lives, a job queued twice) never both write a chunk: the second
// waits for the first's row lock, finds the progress moved and stops. A starting server recovers
// what a killed one left (recoverImports): on PGlite its active jobs retry at once, and an import
// whose job was never queued (killed between storing the upload and queueing) is queued again.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss, Queue } from 'pg-boss';
import { headerSignature, mappingFromHeaders, missingRequiredFields, type ImportMapping } from '#shared/domain/import-columns.ts';
import type { Role } from '#shared/domain/enums.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { pgliteClientOf, type Db } from '#server/db/client.ts';
import { clients, importMappings, importRowErrors, imports } from '#server/db/schema.ts';
import { retriedTransaction } from '#server/db/transient-conflict.ts';
import { releaseOrphanedJobs, stoppingSignal } from '#server/jobs/job-queue.ts';
import { batchContext, insertBatch, prepareBatch } from '../shipments/public.ts';
import { loadImportFile } from './import-files.ts';
import { columnOf } from './import-row.ts';
import { takeOpenedUpload } from './import-handoff.ts';
import { openImportFileOnReader, type OpenedImportFile, type ReadRows } from './import-reader.ts';
import { ImportFileError } from './read-import-file.ts';
import { importRows } from '#server/observability/metrics.ts';

export const IMPORT_QUEUE = 'import';
export const IMPORT_DEAD_QUEUE = 'import-dead';
/** Rows per transaction: big enough for few round trips, small enough to resume close to where it stopped. The first chunk of a run has IMPORT_CHUNK_ROWS, the others IMPORT_LATER_CHUNK_ROWS. */
export const IMPORT_CHUNK_ROWS = 1000;
export const IMPORT_LATER_CHUNK_ROWS = 2000;
const RETRY_LIMIT = 3;
/** On PostgreSQL, a PROCESSING import without a job is taken as never queued only after this long (the upload queues it right after storing it). */
const UNQUEUED_AFTER_MINUTES = 2;

export const IMPORT_QUEUE_OPTIONS = {
  retryLimit: RETRY_LIMIT,
  retryDelay: 5,
  retryBackoff: true,
  // A worker that stops sending heartbeats (its process died) gives the job back after 60 s.
  heartbeatSeconds: 60,
  expireInSeconds: 60 * 60,
  deadLetter: IMPORT_DEAD_QUEUE,
} satisfies Omit<Queue, 'name'>;

export interface ImportJobData {
  importId: string;
}

/** Registers the queues and workers; answers `wake`, which makes this instance's worker look for a job now rather than at its next poll. */
export async function registerImportJobs(boss: PgBoss, db: Db, log: FastifyBaseLogger): Promise<{ wake: () => void }> {
  await boss.createQueue(IMPORT_DEAD_QUEUE);
  await boss.createQueue(IMPORT_QUEUE, IMPORT_QUEUE_OPTIONS);
  // Before this process takes any job of its own.
  await recoverImports(boss, db, log);
  const stopping = stoppingSignal(boss);
  const workerId = await boss.work<ImportJobData>(IMPORT_QUEUE, { localConcurrency: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    // Stopped after a chunk by a graceful shutdown: the rest is queued as a new job (taken by
    // another instance at its next poll) and this one completes, spending none of its retries.
    if ((await processImport(db, job.data.importId, { log, stop: stopping })) === 'stopped') await boss.send(IMPORT_QUEUE, job.data);
  });
  await boss.work<ImportJobData>(IMPORT_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
    for (const job of jobs) await failImport(db, job.data.importId, serverMessages.importInterrupted.id);
  });
  return { wake: () => boss.notifyWorker(workerId) };
}

/**
 * What a killed server left: on PGlite (this process's alone) the import jobs still `active` (of
 * the import queue and of its dead-letter queue) are its dead predecessor's and retry now rather
 * than after their heartbeat or expiry; on either database an
 * import PROCESSING without any open job (waiting, retrying, running or dead-lettered) is queued
 * again, on PostgreSQL only once it is a few minutes old (another instance may be between storing
 * an upload and queueing it).
 */
export async function recoverImports(boss: PgBoss, db: Db, log?: FastifyBaseLogger): Promise<{ released: string[]; requeued: string[] }> {
  const ownDatabase = pgliteClientOf(db) !== null;
  const released = ownDatabase ? [...(await releaseOrphanedJobs(boss, IMPORT_QUEUE)), ...(await releaseOrphanedJobs(boss, IMPORT_DEAD_QUEUE))] : [];
  if (released.length > 0) log?.warn({ jobs: released }, 'import jobs of a stopped server given back for a retry');
  const processing = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.status, 'PROCESSING'), ownDatabase ? sql`true` : sql`${imports.createdAt} < now() - make_interval(mins => ${UNQUEUED_AFTER_MINUTES})`));
  const requeued: string[] = [];
  for (const { id } of processing) {
    const data = { importId: id } satisfies ImportJobData;
    const jobs = [...(await boss.findJobs(IMPORT_QUEUE, { data })), ...(await boss.findJobs(IMPORT_DEAD_QUEUE, { data }))];
    if (jobs.some((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active')) continue;
    await boss.send(IMPORT_QUEUE, data);
    requeued.push(id);
  }
  if (requeued.length > 0) log?.warn({ imports: requeued }, 'imports without a job queued again');
  return { released, requeued };
}

export async function failImport(db: Db, importId: string, messageId: string): Promise<void> {
  await db
    .update(imports)
    .set({
      status: 'FAILED',
      errorMessage: messageId,
      finishedAt: sql`now()`,
      processingTimeMs: sql`(extract(epoch from now() - ${imports.createdAt}) * 1000)::int`,
    })
    .where(sql`${imports.id} = ${importId} and ${imports.status} = 'PROCESSING'`);
}

/** The mapping of an import: the user's, else the company's saved one for these headers, else what the headers say. */
async function mappingFor(db: Db, companyId: string, chosen: ImportMapping | null, headers: readonly string[]): Promise<ImportMapping> {
  if (chosen) return chosen;
  const [saved] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(sql`${importMappings.companyId} = ${companyId} and ${importMappings.signature} = ${headerSignature(headers)}`);
  return saved?.mapping ?? mappingFromHeaders(headers);
}

export interface ProcessOptions {
  log?: FastifyBaseLogger | undefined;
  /** Called after each committed chunk with the rows done (tests stop the job there, as a crash would). */
  onChunk?: (progress: number) => void | Promise<void>;
  /** Once aborted, the job ends after the chunk it is writing and answers 'stopped' (graceful shutdown). */
  stop?: AbortSignal;
}

/** Answers 'stopped' when `stop` ended it with rows left, else undefined. */
export async function processImport(db: Db, importId: string, options: ProcessOptions = {}): Promise<'stopped' | undefined> {
  const [record] = await db
    .select({ record: imports, role: clients.role })
    .from(imports)
    .innerJoin(clients, eq(clients.id, imports.clientId))
    .where(eq(imports.id, importId));
  // The upload this instance stored and opened already, if it did (import-handoff.ts).
  const opened = takeOpenedUpload(importId);
  if (!record || record.record.status !== 'PROCESSING') {
    opened?.then((file) => file.close(), () => undefined);
    return;
  }
  const { record: job } = record;
  let file: OpenedImportFile;
  try {
    if (opened) file = await opened;
    else {
      const content = await loadImportFile(db, importId);
      if (!content) {
        await failImport(db, importId, serverMessages.importInterrupted.id);
        return;
      }
      file = await openImportFileOnReader(job.type, content);
    }
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    await failImport(db, importId, error.messageId);
    return;
  }
  try {
    const { headers, count: total } = file;
    const mapping = await mappingFor(db, job.companyId, job.mapping, headers);
    if (missingRequiredFields(mapping).length > 0) {
      await failImport(db, importId, documentActionMessages.importColumnsMissing.id);
      return;
    }
    if (job.totalRows !== total) await db.update(imports).set({ totalRows: total }).where(eq(imports.id, importId));

    const principal = { clientId: job.clientId, companyId: job.companyId, role: record.role as Role };
    const context = await batchContext(db, principal);
    const read = (start: number, end: number) => {
      if (start >= total) return null;
      const rows = file.read(start, end, mapping);
      // Awaited by the next turn of the loop; a job that stops first never awaits it.
      rows.catch(() => undefined);
      return rows;
    };
    // The first chunk of a run is small, so that its rows start going in soon; the later ones
    // are larger (fewer statements and commits per row).
    const endOf = (start: number, first: boolean) => Math.min(start + (first ? IMPORT_CHUNK_ROWS : IMPORT_LATER_CHUNK_ROWS), total);
    // The next chunk is read and checked on the reader's thread while this one is written.
    let start = job.progress;
    let end = endOf(start, true);
    let reading: Promise<ReadRows> | null = read(start, end);
    for (; reading; start = end, end = endOf(end, false)) {
      const { candidates, failures } = await reading;
      reading = read(end, endOf(end, false));
      const prepared = await prepareBatch(db, context, candidates);
      for (const { rowNumber, errors } of prepared.failed) {
        failures.push({ rowNumber, errors: Object.entries(errors).flatMap(([field, ids]) => ids.map((message) => ({ column: columnOf(field, mapping, headers), message }))) });
      }
      const written = await retriedTransaction(db, async (tx) => {
        // First, so that another run of this import waits here for this one's commit, then finds the progress moved.
        const [mine] = await tx
          .update(imports)
          .set({ progress: end, successful: sql`${imports.successful} + ${prepared.valid.length}`, failed: sql`${imports.failed} + ${failures.length}` })
          .where(and(eq(imports.id, importId), eq(imports.status, 'PROCESSING'), eq(imports.progress, start)))
          .returning({ id: imports.id });
        if (!mine) return false;
        await insertBatch(tx, principal, importId, prepared.valid);
        if (failures.length > 0) await tx.insert(importRowErrors).values(failures.map((f) => ({ importId, rowNumber: f.rowNumber, errors: f.errors }))).onConflictDoNothing();
        return true;
      });
      if (!written) {
        options.log?.warn({ importId, start }, 'import moved on by another run: this one stops');
        return;
      }
      importRows.inc({ result: 'created' }, prepared.valid.length);
      if (failures.length > 0) importRows.inc({ result: 'failed' }, failures.length);
      await options.onChunk?.(end);
      if (options.stop?.aborted && reading) {
        options.log?.info({ importId, progress: end }, 'import handed back at shutdown');
        return 'stopped';
      }
      // PGlite runs in this thread and answers through promises only: without a turn of the event
      // loop between chunks, no HTTP request would be read until the whole import is done.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    file.close();
  }
  await db
    .update(imports)
    .set({ status: 'COMPLETED', finishedAt: sql`now()`, processingTimeMs: sql`(extract(epoch from now() - ${imports.createdAt}) * 1000)::int` })
    .where(and(eq(imports.id, importId), eq(imports.status, 'PROCESSING')));
  options.log?.info({ importId, rows: file.count }, 'import completed');
  return undefined;
}
