// Reads a partner's pickup-point list: CSV (a header row; `,`, `;` or tab; UTF-8 or
// Windows-1250) or JSON (an array of objects, or an object holding one under "points") into its
// column names and one record per data row. What the columns mean is the format's business
// (src/shared/domain/point-directory-formats.ts).
import Papa from 'papaparse';

export interface DirectoryRecord {
  /** 1 = the first data row (the line under the CSV header; the first element of the JSON array). */
  row: number;
  /** The row's values by column name; null when a JSON element is no object. */
  cells: Record<string, unknown> | null;
}

export interface DirectoryFile {
  /** The column names: the CSV header, or every key the JSON objects use. */
  names: string[];
  records: DirectoryRecord[];
}

/** The file cannot be read in the format chosen (or holds no row). */
export class DirectoryFileError extends Error {
  constructor() {
    super('unreadable');
    this.name = 'DirectoryFileError';
  }
}

const fail = (): never => {
  throw new DirectoryFileError();
};

export function readDirectoryFile(format: 'csv' | 'json', bytes: Uint8Array): DirectoryFile {
  if (bytes.length === 0 || bytes.includes(0)) fail();
  const text = decodeText(bytes);
  const file = format === 'json' ? readJson(text) : readCsv(text);
  if (file.records.length === 0) fail();
  return file;
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else Windows-1250. */
function decodeText(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1250').decode(body);
  }
}

function readJson(text: string): DirectoryFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail();
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && Array.isArray((value as { points?: unknown }).points)) value = (value as { points: unknown[] }).points;
  if (!Array.isArray(value)) return fail();
  const names = new Set<string>();
  const records = value.map((element: unknown, i): DirectoryRecord => {
    if (!element || typeof element !== 'object' || Array.isArray(element)) return { row: i + 1, cells: null };
    for (const key of Object.keys(element)) names.add(key);
    return { row: i + 1, cells: element as Record<string, unknown> };
  });
  return { names: [...names], records };
}

/** The delimiter the header line uses most. */
function chooseDelimiter(header: string): string {
  let best = ',';
  let most = 0;
  for (const delimiter of [',', ';', '\t']) {
    const n = header.split(delimiter).length - 1;
    if (n > most) [best, most] = [delimiter, n];
  }
  return best;
}

function readCsv(text: string): DirectoryFile {
  const normalized = text.replace(/\r\n?/g, '\n');
  const delimiter = chooseDelimiter(normalized.slice(0, normalized.indexOf('\n') >>> 0));
  const parsed = Papa.parse<string[]>(normalized, { delimiter, newline: '\n' });
  // An unclosed quote swallows every row after it: better refused than half imported.
  if (parsed.errors.some((e) => e.code === 'MissingQuotes')) fail();
  const [header, ...rows] = parsed.data;
  const names = (header ?? []).map((name) => name.trim());
  if (names.filter(Boolean).length < 2) fail();
  const records: DirectoryRecord[] = [];
  rows.forEach((cells, i) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const record: Record<string, unknown> = {};
    names.forEach((name, j) => {
      if (name && record[name] === undefined) record[name] = cells[j] ?? '';
    });
    records.push({ row: i + 1, cells: record });
  });
  return { names: names.filter(Boolean), records };
}
