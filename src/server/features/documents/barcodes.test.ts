// @vitest-environment node
// Our own Code128 encoder and the QR matrices from `qr`, drawn as the labels draw them and read
// back by zbar from pages rendered at 300 dpi: every kind of content and every QR payload length
// a label can hold decodes to exactly its text.
import bwipjs from 'bwip-js/node';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { decodeBarcodes } from '#tests/setup/pdf-tools.ts';
import { code128, drawCode128, drawQrCode, qrCode } from './barcodes.ts';
import { embedFonts } from './fonts.ts';
import { A4_SIZE, mm, PageCanvas } from './pdf-canvas.ts';

/** One A4 page per group of values, drawn by `draw` at the given slot; answers the PDF. */
async function pages(groups: string[][], draw: (canvas: PageCanvas, value: string, slot: number, fonts: Awaited<ReturnType<typeof embedFonts>>) => void) {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  for (const values of groups) {
    const canvas = new PageCanvas(doc.addPage(A4_SIZE));
    values.forEach((value, slot) => draw(canvas, value, slot, fonts));
    canvas.finish();
  }
  return doc.save();
}

const chunks = <T>(values: T[], size: number) => Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, (i + 1) * size));

describe('code128', { timeout: 120_000 }, () => {
  const values = [
    'RR123456785SK',
    'CP000000015SK',
    'MF0000004711',
    'PP0004000123',
    '1',
    '12',
    '123',
    '1234',
    '12345',
    '1234567',
    'A1B2C3',
    'AB12345678CD',
    'AB1234567CD',
    'a1234b',
    'lower case, and 42 digits: 0123456789',
    'x-/.|:+%$ y',
  ];

  it('spends no more symbol characters than bwip-js (which printed the labels before)', () => {
    for (const value of [...values, 'RR000000000SK', '99999999999999', 'A', 'ab12cd34ef5678']) {
      const [theirs] = bwipjs.raw({ bcid: 'code128', text: value, parsefnc: false } as bwipjs.RawOptions);
      const width = (pattern: number[]) => pattern.reduce((sum, w) => sum + w, 0);
      expect(width(code128(value).pattern), value).toBeLessThanOrEqual(width((theirs as { sbs: number[] }).sbs));
    }
  });

  it('ends every symbol with its check character and the stop pattern, 11 modules per character', () => {
    const { pattern } = code128('RR123456785SK');
    // Start B, R, R, Code C, 12 34 56 78, Code B, 5, S, K, check: 13 characters, then the 13-module stop.
    expect(pattern.reduce((sum, w) => sum + w, 0)).toBe(13 * 11 + 13);
    expect(pattern.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
  });

  it('refuses text beyond ASCII rather than print a wrong symbol', () => {
    expect(() => code128('Ž123')).toThrow(/ASCII/);
  });

  it('decodes back to exactly its text (zbar, 300 dpi)', async () => {
    const pdf = await pages([values], (canvas, value, slot, fonts) => {
      const [, height] = A4_SIZE;
      drawCode128(canvas, code128(value), {
        x: mm(15),
        width: mm(180),
        bottom: height - mm(20 + slot * 17),
        height: mm(10),
        module: mm(0.375),
        text: { style: { font: fonts.bold, size: 7 }, gap: mm(3) },
      });
    });
    expect(decodeBarcodes(pdf, 1).sort()).toEqual(values.map((v) => `CODE-128:${v}`).sort());
  });
});

describe('qrCode', { timeout: 180_000 }, () => {
  const LABEL_PAYLOAD = 'RR123456785SK|CZ|69201ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-';

  it('keeps the 25-module symbol (version 2) of every payload a label makes, postal codes of up to 12 characters included', () => {
    for (const payload of ['RR123456785SK|SK|81101', 'RR123456785SK|PL|00-950', 'RR123456785SK|PT|1000-001', 'RR123456785SK|GB|SW1A1AA', 'RR123456785SK|NL|1012AB']) {
      expect(qrCode(payload).modules.length, payload).toBe(25);
    }
    // Free-form postal codes (countries without a known format) of 9 to 12 characters.
    for (const postalCode of ['123456789', '12345-6789', 'ABCDEFGHIJK', 'AB-123456789']) {
      expect(qrCode(`RR123456785SK|US|${postalCode}`).modules.length, postalCode).toBe(25);
    }
  });

  it('decodes the payloads of the longest postal codes (zbar, 300 dpi, label size)', async () => {
    const payloads = ['RR123456785SK|US|12345-6789', 'RR123456785SK|XX|ABCDEFGHIJK', 'RR123456785SK|XX|AB-123456789'];
    const pdf = await pages([payloads], (canvas, value, slot) => {
      drawQrCode(canvas, qrCode(value), mm(15 + slot * 38), A4_SIZE[1] - mm(40), mm(20));
    });
    expect(decodeBarcodes(pdf, 1).sort()).toEqual(payloads.map((p) => `QR-Code:${p}`).sort());
  });

  it('decodes back to exactly its text for every length from 1 to 40 characters, and 50 and 60 (zbar, 300 dpi, label size)', async () => {
    const payloads = [...Array.from({ length: 40 }, (_, i) => LABEL_PAYLOAD.slice(0, i + 1)), LABEL_PAYLOAD.slice(0, 50), LABEL_PAYLOAD.slice(0, 60)];
    // Label size (a 20 mm square with its quiet zone), six to a page and apart as on a sheet of
    // labels: zbar pairs finder patterns across the whole image, and a tight grid of many
    // symbols whose patterns line up can mislead it.
    const perPage = 6;
    const sheets = chunks(payloads, perPage);
    const pdf = await pages(sheets, (canvas, value, slot) => {
      const [, height] = A4_SIZE;
      drawQrCode(canvas, qrCode(value), mm(30 + (slot % 2) * 100 + Math.floor(slot / 2) * 12), height - mm(50 + Math.floor(slot / 2) * 90), mm(20));
    });
    const found = sheets.flatMap((_, page) => decodeBarcodes(pdf, page + 1)).sort();
    expect(found).toEqual(payloads.map((p) => `QR-Code:${p}`).sort());
  });
});
