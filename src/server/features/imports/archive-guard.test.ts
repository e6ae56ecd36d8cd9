// @vitest-environment node
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { zipBombXlsx } from '#tests/setup/zip-bomb.ts';
import { translator } from '#server/i18n.ts';
import { checkZipExpansion, unpackLimit, ZIP_MAX_RATIO, ZIP_MAX_TOTAL } from './archive-guard.ts';
import { ImportFileError } from './import-sheet.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/imports/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Rewrites each central-directory entry's declared uncompressed size: sizes a forged archive claims. */
function claimSizes(zip: Uint8Array, originalSize: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at + 4 <= zip.length; at++) if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, originalSize, true);
  return zip;
}

/** The message id the check refuses the archive with, or null when it passes. */
function refusal(zip: Uint8Array): string | null {
  try {
    checkZipExpansion(zip);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as ImportFileError).messageId;
  }
}

describe('checkZipExpansion', () => {
  it('passes workbooks as LibreOffice and exceljs write them, and an ordinary archive', async () => {
    expect(refusal(fixture('libreoffice.xlsx'))).toBeNull();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Shipments').addRow(['Name', 'City']);
    expect(refusal(new Uint8Array(await workbook.xlsx.writeBuffer()))).toBeNull();
    expect(refusal(zipSync({ 'notes.txt': utf8('hello'), 'data.xml': new Uint8Array(2 * 1024 * 1024).fill(65) }))).toBeNull();
  });

  it('refuses an entry that expands over 100 times to more than 10 MB (20 MB of zeros in ~20 KB)', () => {
    const bomb = zipSync({ '[Content_Types].xml': utf8('<Types/>'), 'xl/worksheets/sheet1.xml': new Uint8Array(20 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(refusal(bomb)).toBe(serverMessages.importUnpacksTooLarge.id);
  });

  it('refuses the review’s workbook (29 entries of ~10 MB in ~300 KB) from its sizes, before inflating any (issue 30)', async () => {
    const bomb = await zipBombXlsx(['Name', 'City'], ['Eva', 'Žilina']);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const started = performance.now();
    expect(refusal(bomb)).toBe(serverMessages.importUnpacksTooLarge.id);
    // Today's guard inflated all 290 MB first (~5 s here); the sizes alone refuse it now.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('stops inflating an entry as soon as it outgrows the size it claims (sizes forged to fit the limit)', async () => {
    const bomb = claimSizes(await zipBombXlsx(['Name'], ['Eva'], { count: 3, size: 10_000_000 }), 64 * 1024);
    expect(refusal(bomb)).toBe(serverMessages.importZipBomb.id);
  });

  it('caps a file at 100 times its size (at least 10 MB) and 300 MB whatever its size, and says so', () => {
    expect(unpackLimit(1024)).toBe(10 * 1024 * 1024);
    expect(unpackLimit(1024 * 1024)).toBe(100 * 1024 * 1024);
    expect(unpackLimit(30 * 1024 * 1024)).toBe(ZIP_MAX_TOTAL);
    const en = translator('en');
    expect(en(serverMessages.importUnpacksTooLarge)).toContain(`${ZIP_MAX_RATIO} times`);
    expect(en(serverMessages.importUnpacksTooLarge)).toContain(`${ZIP_MAX_TOTAL / 1024 / 1024} MB`);
  });

  it('refuses an entry that claims a small size but inflates past it, while inflating', () => {
    const liar = claimSizes(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(12 * 1024 * 1024) }), 1024 * 1024);
    expect(refusal(liar)).toBe(serverMessages.importZipBomb.id);
  });

  it('refuses entries adding up to more than the file’s limit', () => {
    const files = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`xl/media/image${i}.png`, new Uint8Array(1024)]));
    expect(refusal(claimSizes(zipSync(files), 8 * 1024 * 1024))).toBe(serverMessages.importUnpacksTooLarge.id);
  });

  it('refuses more than 10,000 entries', () => {
    const files = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`xl/f${i}.xml`, new Uint8Array(0)]));
    expect(refusal(zipSync(files))).toBe(serverMessages.importZipBomb.id);
  });

  it('refuses an archive cut before its directory as unreadable', () => {
    const zip = zipSync({ 'notes.txt': utf8('hello') });
    expect(refusal(zip.subarray(0, zip.length - 30))).toBe(documentActionMessages.importUnreadable.id);
  });
});
