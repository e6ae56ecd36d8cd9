// Reads an uploaded XLSX: the first visible sheet, streamed, each cell as the text Excel stores.
// The archive is checked first (archive-guard.ts): a zip bomb never reaches exceljs.
import { Readable } from 'node:stream';
import ExcelJS, { type CellValue, type Row } from 'exceljs';
import { IMPORT_MAX_ROWS } from '#shared/domain/limits.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { checkZipExpansion } from './archive-guard.ts';
import { fail, headersOf, isBlank, startsWithZip, type ImportFile } from './import-sheet.ts';

/**
 * The first visible sheet, read row by row with exceljs's streaming reader: loading the whole
 * workbook took ~800 MB and 9 s for 100,000 rows. Dates need the styles (a date is a number
 * with a date format); hyperlinks are read as their text.
 */
export async function openXlsx(bytes: Uint8Array): Promise<ImportFile> {
  if (!startsWithZip(bytes)) fail(serverMessages.importTypeMismatch.id);
  checkZipExpansion(bytes);
  const input = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let file: ImportFile | undefined;
  for await (const worksheet of workbook) {
    // Hidden sheets often hold lookup lists. The reader knows a sheet's state from the workbook
    // part, which Excel and LibreOffice write before the sheets.
    const state = (worksheet as unknown as { state?: string }).state;
    if (file || state === 'hidden' || state === 'veryHidden') continue;
    file = await sheetRows(worksheet);
  }
  return file ?? fail(documentActionMessages.importUnreadable.id);
}

async function sheetRows(worksheet: AsyncIterable<Row>): Promise<ImportFile> {
  let headers: string[] | undefined;
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  for await (const row of worksheet) {
    if (!headers) {
      // A sheet whose first row is empty has no header.
      headers = headersOf(row.number === 1 ? Array.from({ length: row.cellCount }, (_, i) => cellText(row.getCell(i + 1).value)) : []);
      continue;
    }
    const width = headers.length;
    const cells = Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value));
    if (isBlank(cells, width)) continue;
    if (rows.length === IMPORT_MAX_ROWS) fail(serverMessages.importTooManyRows.id);
    rows.push(cells);
    rowNumbers.push(row.number);
  }
  if (!headers || rows.length === 0) return fail(documentActionMessages.importEmpty.id);
  return { headers, count: rows.length, rows: (start, end) => ({ rows: rows.slice(start, end), rowNumbers: rowNumbers.slice(start, end) }) };
}

/** A cell as text, the way Excel stores it: numbers unformatted, dates as ISO, formulas by their result. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  // Typed as a string, but a link over formatted text carries rich text.
  if ('hyperlink' in value) return cellText(value.text as CellValue);
  return ''; // an error value (#N/A, #REF!, ...)
}

/** exceljs gives the wall-clock time as UTC: a date alone, or date and time without a zone. */
function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}
