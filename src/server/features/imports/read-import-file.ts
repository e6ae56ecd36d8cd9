// Reads an uploaded import file (CSV or XLSX) into trimmed headers and text rows, refusing what
// is too big, mislabelled, empty or built to exhaust memory. Cell text stays as written (decimal
// commas included); mapping and validation happen later, row by row.
import { Readable } from 'node:stream';
import ExcelJS, { type CellValue, type Row } from 'exceljs';
import { Inflate } from 'fflate';
import Papa from 'papaparse';
import type { ImportType } from '../../../shared/contract/imports.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../shared/domain/limits.ts';
import { documentActionMessages } from '../../../shared/i18n/document-action-messages.ts';
import { serverMessages } from '../../../shared/i18n/server-messages.ts';

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
  constructor(readonly messageId: string) {
    super(messageId);
    this.name = 'ImportFileError';
  }
}

const fail = (messageId: string): never => {
  throw new ImportFileError(messageId);
};

/** Checks the file and reads its headers; ImportFileError says why it cannot be imported. */
export async function openImportFile(type: ImportType, bytes: Uint8Array): Promise<ImportFile> {
  if (bytes.length > IMPORT_MAX_BYTES) fail(documentActionMessages.importTooLarge.id);
  if (bytes.length === 0) fail(documentActionMessages.importEmpty.id);
  try {
    return type === 'xlsx' ? await openXlsx(bytes) : openCsv(bytes);
  } catch (error) {
    // Parser failures (bad deflate data, broken XML, ...) all mean the same thing to the user.
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(documentActionMessages.importUnreadable.id);
  }
}

/** The whole file at once (the result file and small files). */
export async function readImportFile(type: ImportType, bytes: Uint8Array): Promise<ImportSheet> {
  const file = await openImportFile(type, bytes);
  return { headers: file.headers, ...file.rows(0, file.count) };
}

// Rows under the header

/** Headers up to the last named one (every row is cut or padded to their count). */
function headersOf(cells: readonly string[]): string[] {
  const headers = cells.map((cell) => cell.trim());
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  if (headers.length === 0) fail(documentActionMessages.importEmpty.id);
  return headers;
}

function isBlank(cells: readonly string[], width: number): boolean {
  for (let i = 0; i < width; i++) if ((cells[i] ?? '').trim() !== '') return false;
  return true;
}

const fit = (cells: string[], width: number): string[] => (cells.length === width ? cells : Array.from({ length: width }, (_, i) => cells[i] ?? ''));

// CSV

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWithZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
const DELIMITERS = [';', ',', '\t'];
/** Excel's last row: a longer file is no spreadsheet, and a million blank lines must not cost seconds. */
const SHEET_MAX_ROWS = 1_048_576;

/**
 * Parses the whole text once to check it and to note where each row starts; a stretch of rows
 * is parsed again when asked for. Keeps the text, not 100,000 arrays of cells.
 */
function openCsv(bytes: Uint8Array): ImportFile {
  if (startsWithZip(bytes) || looksBinary(bytes)) fail(serverMessages.importTypeMismatch.id);
  let text = decodeText(bytes).replace(/\r\n?/g, '\n');
  // Scripts write "sep=;" for Excel, which hides that line: the header stays row 1.
  const sep = /^sep=(.)\n/i.exec(text);
  if (sep) text = text.slice(sep[0].length);
  const delimiter = sep?.[1] ?? chooseDelimiter(text);
  const parse = (part: string, step: (cells: string[], end: number) => void) => {
    let failure: unknown;
    Papa.parse<string[]>(part, {
      delimiter,
      newline: '\n',
      step(result, parser) {
        try {
          // An unclosed quote swallows every row after it: better refused than half imported.
          if (result.errors.some((e) => e.code === 'MissingQuotes')) fail(documentActionMessages.importUnreadable.id);
          step(result.data, result.meta.cursor);
        } catch (error) {
          failure = error;
          parser.abort();
        }
      },
    });
    if (failure) throw failure;
  };

  let headers: string[] | undefined;
  // Where each non-blank row starts in the text, and its spreadsheet row number.
  const starts: number[] = [];
  const rowNumbers: number[] = [];
  let rowNumber = 0;
  let rowStart = 0;
  parse(text, (cells, end) => {
    if (++rowNumber > SHEET_MAX_ROWS) fail(serverMessages.importTooManyRows.id);
    if (!headers) headers = headersOf(cells);
    else if (!isBlank(cells, headers.length)) {
      if (starts.length === IMPORT_MAX_ROWS) fail(serverMessages.importTooManyRows.id);
      starts.push(rowStart);
      rowNumbers.push(rowNumber);
    }
    rowStart = end;
  });
  if (!headers || starts.length === 0) return fail(documentActionMessages.importEmpty.id);
  const width = headers.length;
  return {
    headers,
    count: starts.length,
    rows(start, end) {
      const rows: string[][] = [];
      end = Math.min(end, starts.length);
      if (start >= end) return { rows, rowNumbers: [] };
      parse(text.slice(starts[start], end < starts.length ? starts[end] : text.length), (cells) => {
        if (!isBlank(cells, width)) rows.push(fit(cells, width));
      });
      return { rows, rowNumbers: rowNumbers.slice(start, end) };
    },
  };
}

/** NUL bytes or many control characters: a spreadsheet, PDF or image, not text. */
function looksBinary(bytes: Uint8Array): boolean {
  if (isUtf16(bytes)) return false;
  if (bytes.includes(0)) return true;
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  return control > sample.length / 100;
}

/** Excel's "Unicode text" export: UTF-16 with a byte-order mark. */
const isUtf16 = (bytes: Uint8Array) => (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** UTF-8 when the bytes are valid UTF-8, else windows-1250 (Slovak and Czech Excel; German umlauts sit at the same codes). */
function decodeText(bytes: Uint8Array): string {
  if (isUtf16(bytes)) return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes);
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1250').decode(body);
  }
}

/**
 * The delimiter that keeps the first rows as wide as the header, then the one giving the widest
 * header. Counting alone would take decimal commas ("2,5") in a semicolon file for columns.
 */
function chooseDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const records = Papa.parse<string[]>(sample, { delimiter, newline: '\n', preview: 11 }).data;
    const width = records[0]?.length ?? 0;
    if (width < 2) continue;
    const even = records.slice(1).filter((record) => record.length === width).length;
    const score = even * 1000 + width;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

// XLSX

/**
 * The first visible sheet, read row by row with exceljs's streaming reader: loading the whole
 * workbook took ~800 MB and 9 s for 100,000 rows. Dates need the styles (a date is a number
 * with a date format); hyperlinks are read as their text.
 */
async function openXlsx(bytes: Uint8Array): Promise<ImportFile> {
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

// Zip bombs

const ZIP_MAX_ENTRIES = 10_000;
const ZIP_MAX_TOTAL = 300 * 1024 * 1024;
const ZIP_MAX_RATIO = 200;
const ZIP_RATIO_FROM = 10 * 1024 * 1024;
/** Inflating 16 KB at a time keeps a bomb's output per step under ~17 MB. */
const INFLATE_STEP = 16 * 1024;

interface ZipEntry {
  method: number;
  data: Uint8Array;
  originalSize: number;
}

/**
 * Refuses a zip that would expand too far, before exceljs unpacks it. The sizes an archive
 * declares are only claims (JSZip inside exceljs trusts them until it has inflated everything),
 * so each entry is also inflated once here, counting, and stopped as soon as it outgrows its claim.
 */
function checkZipExpansion(bytes: Uint8Array) {
  const entries = zipEntries(bytes);
  let total = 0;
  for (const { data, originalSize } of entries) {
    total += originalSize;
    if (total > ZIP_MAX_TOTAL || (originalSize > ZIP_RATIO_FROM && originalSize > data.length * ZIP_MAX_RATIO)) fail(serverMessages.importZipBomb.id);
  }
  for (const entry of entries) {
    if (entry.method === 0) continue; // stored: never larger than the file
    if (entry.method !== 8) fail(documentActionMessages.importUnreadable.id);
    let produced = 0;
    const inflate = new Inflate((chunk) => {
      produced += chunk.length;
      if (produced > entry.originalSize) fail(serverMessages.importZipBomb.id);
    });
    for (let at = 0; at < entry.data.length; at += INFLATE_STEP) inflate.push(entry.data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= entry.data.length);
  }
}

const MAX32 = 0xffffffff;

/** The central directory's entries (zip64 included), each with its data located as JSZip locates it. */
function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  let end = bytes.length - 22;
  const floor = Math.max(0, end - 0xffff);
  while (end >= floor && u32(end) !== 0x06054b50) end--;
  if (end < floor) fail(documentActionMessages.importUnreadable.id);
  let count = u16(end + 10);
  let offset = u32(end + 16);
  if (end >= 20 && u32(end - 20) === 0x07064b50 && u32(u64(end - 12)) === 0x06064b50) {
    const zip64End = u64(end - 12);
    count = u64(zip64End + 32);
    offset = u64(zip64End + 48);
  }
  if (count > ZIP_MAX_ENTRIES) fail(serverMessages.importZipBomb.id);

  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(offset) !== 0x02014b50) fail(documentActionMessages.importUnreadable.id);
    let size = u32(offset + 20);
    let originalSize = u32(offset + 24);
    let local = u32(offset + 42);
    const nameLength = u16(offset + 28);
    const extraLength = u16(offset + 30);
    // The zip64 extra field holds, in this order, each value whose 32-bit field is all ones.
    for (let at = offset + 46 + nameLength; at + 4 <= offset + 46 + nameLength + extraLength; at += 4 + u16(at + 2)) {
      if (u16(at) !== 0x0001) continue;
      let value = at + 4;
      if (originalSize === MAX32) {
        originalSize = u64(value);
        value += 8;
      }
      if (size === MAX32) {
        size = u64(value);
        value += 8;
      }
      if (local === MAX32) local = u64(value);
    }
    if (u32(local) !== 0x04034b50) fail(documentActionMessages.importUnreadable.id);
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + size > bytes.length) fail(documentActionMessages.importUnreadable.id);
    entries.push({ method: u16(offset + 10), data: bytes.subarray(start, start + size), originalSize });
    offset += 46 + nameLength + extraLength + u16(offset + 32);
  }
  return entries;
}
