// The result file of an import: the uploaded rows as they were, with status, item number,
// tracking number and error columns added, as xlsx for an xlsx upload and csv for a csv one.
// In the CSV every cell that a spreadsheet would run as a formula is neutralised; the xlsx holds
// every text as a string cell, exactly as uploaded (a string cell is never a formula).
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ImportType } from '#shared/contract/imports.ts';
import type { ImportSheet } from './read-import-file.ts';

export interface ResultFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

export interface ResultInput {
  type: ImportType;
  filename: string;
  /** Null when the file could not be read at all. */
  sheet: ImportSheet | null;
  /** Why the whole import failed, translated. */
  fileError: string | null;
  created: ReadonlyMap<number, { itemNumber: string; trackingNumber: string | null }>;
  /** Row number -> "column: message; …", translated. */
  failed: ReadonlyMap<number, string>;
  labels: { status: string; created: string; failed: string; error: string };
}

/**
 * For CSV only. A CSV field starting with =, +, -, @, tab, CR or LF is read as a formula by
 * Excel, LibreOffice and Google Sheets (CSV injection): a leading apostrophe makes it text again.
 * An xlsx needs none of this: its text cells are string cells, never formulas, so writing the
 * apostrophe there would only change the value (a phone number would read `'+421…`).
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
}

function table(input: ResultInput): string[][] {
  const { sheet, labels } = input;
  const header = [...(sheet?.headers ?? []), labels.status, 'item_number', 'tracking_number', labels.error];
  const rows: string[][] = [header];
  if (!sheet) {
    rows.push([labels.failed, '', '', input.fileError ?? '']);
    return rows;
  }
  sheet.rows.forEach((cells, index) => {
    const rowNumber = sheet.rowNumbers[index]!;
    const created = input.created.get(rowNumber);
    const failed = input.failed.get(rowNumber);
    const padded = sheet.headers.map((_, column) => cells[column] ?? '');
    if (created) rows.push([...padded, labels.created, created.itemNumber, created.trackingNumber ?? '', '']);
    else if (failed !== undefined) rows.push([...padded, labels.failed, '', '', failed]);
    else rows.push([...padded, input.fileError ? labels.failed : '', '', '', input.fileError ?? '']);
  });
  return rows;
}

const baseName = (filename: string) => filename.replace(/\.(csv|xlsx)$/i, '').replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 120) || 'import';

export async function writeResultFile(input: ResultInput): Promise<ResultFile> {
  const rows = table(input);
  const name = `result_${baseName(input.filename)}`;
  if (input.type === 'csv') {
    // Semicolons and a BOM: what Excel in Central European settings opens as columns, in UTF-8.
    const text = Papa.unparse(
      rows.map((row) => row.map(neutralizeCell)),
      { delimiter: ';', newline: '\r\n' },
    );
    return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(`\ufeff${text}`, 'utf8') };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Result');
  // JavaScript strings become string cells (shared strings): "=1+1" or "+421 900 000 000" stay text.
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: `${name}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
}
