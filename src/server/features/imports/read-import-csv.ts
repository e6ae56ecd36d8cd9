// Reads an uploaded CSV: its encoding (UTF-8, UTF-16 or windows-1250), its delimiter and its rows,
// refusing a binary file under a .csv name and a quote left open. Cell text stays as written.
import Papa from 'papaparse';
import { IMPORT_MAX_ROWS } from '#shared/domain/limits.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { fail, fit, headersOf, isBlank, startsWithZip, type ImportFile } from './import-sheet.ts';

const DELIMITERS = [';', ',', '\t'];
/** Excel's last row: a longer file is no spreadsheet, and a million blank lines must not cost seconds. */
const SHEET_MAX_ROWS = 1_048_576;

/**
 * Parses the whole text once to check it and to note where each row starts; a stretch of rows
 * is parsed again when asked for. Keeps the text, not 100,000 arrays of cells.
 */
export function openCsv(bytes: Uint8Array): ImportFile {
  if (startsWithZip(bytes) || looksBinary(bytes)) fail(serverMessages.importTypeMismatch.id);
  let text = decodeText(bytes);
  // Scripts write "sep=;" for Excel, which hides that line: the header stays row 1.
  const sep = /^sep=(.)(?:\r\n?|\n)/i.exec(text);
  if (sep) text = text.slice(sep[0].length);
  // Papa reads text with quotes whole, with one kind of line end. Text without quotes keeps
  // its own (Windows' CRLF): a copy of a 100,000-row text is 25 MB, and only each chunk's
  // stretch is given to Papa, its line ends made one kind then.
  const quoted = text.includes('"');
  if (quoted) text = oneLineEnd(text);
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
  const row = (start: number, blank: (width: number) => boolean, cells: () => string[]) => {
    if (++rowNumber > SHEET_MAX_ROWS) fail(serverMessages.importTooManyRows.id);
    if (!headers) headers = headersOf(cells());
    else if (!blank(headers.length)) {
      if (starts.length === IMPORT_MAX_ROWS) fail(serverMessages.importTooManyRows.id);
      starts.push(start);
      rowNumbers.push(rowNumber);
    }
  };
  if (!quoted) {
    // No quote: a row is a line and a cell what lies between two delimiters (Papa's own fast
    // mode for such text). The rows are located without making their cells, which for 100,000
    // rows was most of what opening the file allocated. A line ends at LF, CRLF or CR.
    let lf = -2;
    let cr = -2;
    for (let at = 0; at <= text.length; ) {
      if (lf !== -1 && lf < at) lf = text.indexOf('\n', at);
      if (cr !== -1 && cr < at) cr = text.indexOf('\r', at);
      const end = Math.min(lf === -1 ? text.length : lf, cr === -1 ? text.length : cr);
      row(
        at,
        (width) => blankLine(text, at, end, delimiter, width),
        () => text.slice(at, end).split(delimiter),
      );
      at = end === cr && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    }
  } else {
    let rowStart = 0;
    parse(text, (cells, end) => {
      row(
        rowStart,
        (width) => isBlank(cells, width),
        () => cells,
      );
      rowStart = end;
    });
  }
  if (!headers || starts.length === 0) return fail(documentActionMessages.importEmpty.id);
  const width = headers.length;
  return {
    headers,
    count: starts.length,
    rows(start, end) {
      const rows: string[][] = [];
      end = Math.min(end, starts.length);
      if (start >= end) return { rows, rowNumbers: [] };
      parse(oneLineEnd(text.slice(starts[start], end < starts.length ? starts[end] : text.length)), (cells) => {
        if (!isBlank(cells, width)) rows.push(fit(cells, width));
      });
      return { rows, rowNumbers: rowNumbers.slice(start, end) };
    },
  };
}

/** CRLF and CR as LF. */
const oneLineEnd = (text: string) => (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);

/** No text in the first `width` cells of the line text[from, to) (isBlank without splitting it). */
function blankLine(text: string, from: number, to: number, delimiter: string, width: number): boolean {
  let cell = 0;
  for (let i = from; i < to; i++) {
    const char = text[i]!;
    if (char === delimiter) {
      if (++cell === width) return true;
    } else if (char.trim() !== '') return false;
  }
  return true;
}

/** NUL bytes or many control characters: a spreadsheet, PDF or image, not text. */
/**
 * A spreadsheet, an image or a PDF under a .csv name: control bytes in more than 1% of the first
 * 8 KB (NULs only beyond 8 of them). A stray NUL in a text file is no reason to refuse it whole: the cell holding
 * it is refused on its row, with the row's number and the column (the field rules refuse control
 * characters), and the other rows are imported.
 */
function looksBinary(bytes: Uint8Array): boolean {
  if (isUtf16(bytes)) return false;
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  let nul = 0;
  for (const byte of sample) {
    if (byte === 0) nul++;
    else if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  // A few NULs (a short file's one stray NUL is more than 1% of it) are text with a bad cell.
  return control > sample.length / 100 || nul > Math.max(8, sample.length / 100);
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
  const sample = oneLineEnd(text.slice(0, 64 * 1024));
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
