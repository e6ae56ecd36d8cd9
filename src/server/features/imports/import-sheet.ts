// What reading an import file gives (ImportSheet, ImportFile), its one error, and the rules the
// CSV and XLSX readers share: the header row, blank rows, every row as wide as the header.
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { dropUnsafeCharacters } from '#shared/domain/unsafe-text.ts';

export interface ImportSheet {
  headers: string[];
  /** One text per header column ('' for a missing cell); blank rows left out. */
  rows: string[][];
  /** The spreadsheet row of rows[i] as the user sees it (header = 1). */
  rowNumbers: number[];
}

/**
 * A file checked whole (readable, not too many rows, headers), whose rows are read a stretch at
 * a time: an import of 100,000 CSV rows then holds one chunk's cells rather than all of them.
 */
export interface ImportFile {
  headers: string[];
  /** Rows under the header, blank ones left out. */
  count: number;
  /** Rows [start, end) of those, as ImportSheet holds them. */
  rows(start: number, end: number): Pick<ImportSheet, 'rows' | 'rowNumbers'>;
}

export class ImportFileError extends Error {
  /** `cause`: the parser's own error behind an unreadable file (for the logs, not the user). */
  constructor(
    readonly messageId: string,
    options?: { cause?: unknown },
  ) {
    super(messageId, options);
    this.name = 'ImportFileError';
  }
}

/** Throws the ImportFileError of `messageId`. */
export const fail = (messageId: string): never => {
  throw new ImportFileError(messageId);
};

/**
 * Headers up to the last named one (every row is cut or padded to their count). A header's
 * unsafe characters (a stray NUL; shared/domain/unsafe-text.ts) are dropped: headers name columns in row errors, stored as
 * JSON, which PostgreSQL refuses with a NUL in it.
 */
export function headersOf(cells: readonly string[]): string[] {
  const headers = cells.map((cell) => dropUnsafeCharacters(cell).trim());
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  if (headers.length === 0) fail(documentActionMessages.importEmpty.id);
  return headers;
}

/** No text in the first `width` cells. */
export function isBlank(cells: readonly string[], width: number): boolean {
  for (let i = 0; i < width; i++) if ((cells[i] ?? '').trim() !== '') return false;
  return true;
}

/** The row cut or padded ('') to `width` cells. */
export const fit = (cells: string[], width: number): string[] => (cells.length === width ? cells : Array.from({ length: width }, (_, i) => cells[i] ?? ''));

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** A zip archive's first bytes (an XLSX is one). */
export const startsWithZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
