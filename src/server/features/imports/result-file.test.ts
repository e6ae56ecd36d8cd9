// @vitest-environment node
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutralizeCell, writeResultFile } from './result-file.ts';

const labels = { status: 'Status', created: 'Created', failed: 'Failed', error: 'Error' };

describe('the result file', () => {
  it('neutralises every CSV field a spreadsheet would run as a formula', () => {
    for (const cell of ['=HYPERLINK("http://evil","x")', '+421905', '-2+3', '@SUM(A1)', '\tx', '\rx', '\nx']) expect(neutralizeCell(cell)).toBe(`'${cell}`);
    expect(neutralizeCell('Hlavná 1')).toBe('Hlavná 1');
  });

  it('writes CSV with a BOM and semicolons, the uploaded cells neutralised, and the outcome per row', async () => {
    const file = await writeResultFile({
      type: 'csv',
      filename: 'orders.csv',
      sheet: { headers: ['Meno', 'Obsah'], rows: [['=cmd|calc', 'x'], ['Eva', 'y']], rowNumbers: [2, 3] },
      fileError: null,
      created: new Map([[3, { itemNumber: 'PP0001000001', trackingNumber: 'CP100000017SK' }]]),
      failed: new Map([[2, 'Mesto: City is required']]),
      labels,
    });
    expect(file.filename).toBe('result_orders.csv');
    const text = file.body.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';' }).data;
    expect(rows).toEqual([
      ['Meno', 'Obsah', 'Status', 'item_number', 'tracking_number', 'Error'],
      ["'=cmd|calc", 'x', 'Failed', '', '', 'Mesto: City is required'],
      ['Eva', 'y', 'Created', 'PP0001000001', 'CP100000017SK', ''],
    ]);
  });

  it('writes xlsx texts as string cells exactly as uploaded: no apostrophe, no formula', async () => {
    const file = await writeResultFile({
      type: 'xlsx',
      filename: 'orders.xlsx',
      sheet: { headers: ['Meno', 'Telefón', 'Obsah'], rows: [['=cmd|calc', '+421 900 000 000', '-2+3']], rowNumbers: [2] },
      fileError: null,
      created: new Map(),
      failed: new Map([[2, '=Mesto: City is required']]),
      labels,
    });
    expect(file.filename).toBe('result_orders.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    const cells = [1, 2, 3, 4, 7].map((column) => row.getCell(column));
    expect(cells.map((cell) => cell.value)).toEqual(['=cmd|calc', '+421 900 000 000', '-2+3', 'Failed', '=Mesto: City is required']);
    for (const cell of cells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
  });
});
