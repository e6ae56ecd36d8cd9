// The import reader's thread (import-reader.ts): parses uploaded files and checks each row with
// the send form's schema, a chunk at a time, while the main thread writes the previous chunk to
// the database; also previews files and writes result files. Imports nothing that opens the
// database.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { mappingFromHeaders } from '#shared/domain/import-columns.ts';
import { installZodMessageIds } from '#shared/contract/zod-messages.ts';
import { fromRoot } from '#server/paths.ts';
import { ImportFileError, openImportFile, readImportFile, type ImportFile } from './read-import-file.ts';
import { writeResultFile } from './result-file.ts';
import { readRow } from './import-row.ts';
import type { FilePreview, ReaderRequest, ReaderResponse, ReadRows } from './import-reader.ts';

installZodMessageIds();

const files = new Map<number, ImportFile>();

async function answer(request: ReaderRequest): Promise<unknown> {
  switch (request.kind) {
    case 'open': {
      const file = await openImportFile(request.type, request.bytes);
      files.set(request.file, file);
      return { headers: file.headers, count: file.count };
    }
    case 'read': {
      const file = files.get(request.file);
      if (!file) throw new Error(`import file ${request.file} is not open`);
      const { rows, rowNumbers } = file.rows(request.start, request.end);
      const result: ReadRows = { candidates: [], failures: [] };
      rows.forEach((cells, index) => {
        const rowNumber = rowNumbers[index]!;
        const row = readRow(cells, request.mapping, file.headers);
        if (row.ok) result.candidates.push({ rowNumber, input: row.input });
        else result.failures.push({ rowNumber, errors: row.errors });
      });
      return result;
    }
    case 'close':
      files.delete(request.file);
      return null;
    case 'preview': {
      const file = await openImportFile(request.type, request.bytes);
      return { headers: file.headers, rows: file.rows(0, request.rows).rows, count: file.count } satisfies FilePreview;
    }
    case 'result': {
      const { unreadable, ...result } = request.result;
      // An import that failed whole may have failed because its file cannot be read at all.
      const sheet = await readImportFile(result.type, request.bytes).catch((error: unknown) => {
        if (unreadable) return null;
        throw error;
      });
      return writeResultFile({ ...result, sheet });
    }
  }
}

parentPort!.on('message', (request: ReaderRequest) => {
  answer(request).then(
    (value) => parentPort!.postMessage({ id: request.id, ok: true, value } satisfies ReaderResponse),
    (error: unknown) =>
      parentPort!.postMessage({
        id: request.id,
        ok: false,
        messageId: error instanceof ImportFileError ? error.messageId : undefined,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ReaderResponse),
  );
});
/**
 * The shipped example files (public/csv) read through every step of an import once, the CSV's
 * rows repeated to a few hundred, before the thread says it is ready: the first import of a
 * process otherwise pays for V8 compiling the reading code (~100 ms of an xlsx's opening).
 */
async function warmUp(): Promise<void> {
  const [csv, xlsx] = await Promise.all([readFile(fromRoot('public/csv/import_example.csv')), readFile(fromRoot('public/csv/import_example.xlsx'))]);
  const [header, ...lines] = csv.toString('utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
  if (!header || lines.length === 0) return;
  const rows = new TextEncoder().encode([header, ...Array.from({ length: 300 }, (_, i) => lines[i % lines.length])].join('\n'));
  for (const [type, bytes] of [['csv', rows], ['xlsx', new Uint8Array(xlsx)]] as const) {
    const file = await openImportFile(type, bytes);
    const mapping = mappingFromHeaders(file.headers);
    for (const cells of file.rows(0, file.count).rows) readRow(cells, mapping, file.headers);
  }
}

// Without the examples (or should they not read), the first import is only a little slower.
await warmUp().catch(() => undefined);
parentPort!.postMessage({ id: 0, ok: true, value: 'ready' } satisfies ReaderResponse);
