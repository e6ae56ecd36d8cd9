// Reads an uploaded import file (CSV or XLSX) into trimmed headers and text rows, refusing what
// is too big, mislabelled, empty or built to exhaust memory. Cell text stays as written (decimal
// commas included); mapping and validation happen later, row by row. The readers of each type are
// read-import-csv.ts and read-import-xlsx.ts (behind archive-guard.ts); import-sheet.ts holds
// what they share. The rest of the feature reads files through this module.
import type { ImportType } from '#shared/contract/imports.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/limits.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { fail, ImportFileError, type ImportFile, type ImportSheet } from './import-sheet.ts';
import { openCsv } from './read-import-csv.ts';
import { openXlsx } from './read-import-xlsx.ts';

export { ImportFileError, type ImportFile, type ImportSheet } from './import-sheet.ts';

/** Checks the file and reads its headers; ImportFileError says why it cannot be imported. */
export async function openImportFile(type: ImportType, bytes: Uint8Array): Promise<ImportFile> {
  if (bytes.length > IMPORT_MAX_BYTES) fail(documentActionMessages.importTooLarge.id);
  if (bytes.length === 0) fail(documentActionMessages.importEmpty.id);
  try {
    return type === 'xlsx' ? await openXlsx(bytes) : openCsv(bytes);
  } catch (error) {
    // Parser failures (bad deflate data, broken XML, ...) all mean the same thing to the user.
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(documentActionMessages.importUnreadable.id, { cause: error });
  }
}

/** The whole file at once (the result file and small files). */
export async function readImportFile(type: ImportType, bytes: Uint8Array): Promise<ImportSheet> {
  const file = await openImportFile(type, bytes);
  return { headers: file.headers, ...file.rows(0, file.count) };
}
