// The import reader's thread (import-reader.ts): parses uploaded files and checks each row with
// the send form's schema, a chunk at a time, while the main thread writes the previous chunk to
// the database. Imports nothing that opens the database.
import { parentPort } from 'node:worker_threads';
import { installZodMessageIds } from '../../../shared/contract/zod-messages.ts';
import { ImportFileError, openImportFile, type ImportFile } from './read-import-file.ts';
import { readRow } from './import-row.ts';
import type { ReaderRequest, ReaderResponse, ReadRows } from './import-reader.ts';

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
parentPort!.postMessage({ id: 0, ok: true, value: 'ready' } satisfies ReaderResponse);
