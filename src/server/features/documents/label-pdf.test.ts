// @vitest-environment node
// Labels as a printer and a depot scanner see them: qpdf accepts the file, poppler reads the page
// sizes, the text and where each word sits, and zbar decodes both barcodes of a page rendered at 300 dpi.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { decodeBarcodes, pdfInfo, pdfText, qpdfCheck } from '#tests/setup/pdf-tools.ts';
import { CAPTIONS, label } from '#tests/fixtures/labels.ts';
import { labelQrPayload, renderLabels } from './label-pdf.ts';

const A6 = { width: 297.64, height: 419.53 };
const A4 = { width: 595.28, height: 841.89 };
const THERMAL = { width: 283.46, height: 425.2 };
const MM = 72 / 25.4;

interface WordBox {
  text: string;
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word poppler finds, with its box in points from the page's top-left corner. */
function wordBoxes(pdf: Uint8Array): WordBox[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'label-test-'));
  try {
    const file = path.join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const words: WordBox[] = [];
    html.split('<page ').forEach((chunk, page) => {
      for (const m of chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
        words.push({ page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]! });
      }
    });
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The A4 quarter (1-4, reading order) a word sits in. */
const quarterOf = (w: WordBox) => (w.yMin < A4.height / 2 ? 1 : 3) + (w.xMin < A4.width / 2 ? 0 : 1);

// zbar reads pages rendered at 300 dpi: seconds per A4 sheet on a busy 2-core machine.
describe('renderLabels, A6', { timeout: 60_000 }, () => {
  it('prints one A6 page whose Code128 holds exactly the tracking number and whose QR holds tracking|country|postcode', async () => {
    const one = label(1, { recipient: { ...label(1).recipient, postalCode: '544 01', city: 'Dvůr Králové nad Labem', country: 'CZ' } });
    const pdf = await renderLabels([one], { kind: 'A6' }, CAPTIONS);

    qpdfCheck(pdf);
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.pageSize.width).toBeCloseTo(A6.width, 1);
    expect(info.pageSize.height).toBeCloseTo(A6.height, 1);
    expect(labelQrPayload(one)).toBe('RR123456715SK|CZ|54401');
    expect(decodeBarcodes(pdf).sort()).toEqual(['CODE-128:RR123456715SK', 'QR-Code:RR123456715SK|CZ|54401']);
  });

  it('prints what the depot and the driver read: addresses, product, COD, parcel n/m, reference, item, date, fragile', async () => {
    const pdf = await renderLabels(
      [label(7, { cod: { amount: 1234.5, currency: 'CZK' }, fragile: true, parcel: { index: 2, count: 3 }, product: { code: 'TRC', name: 'Tracked letter' } })],
      { kind: 'A6' },
      CAPTIONS,
    );
    const text = pdfText(pdf);
    for (const expected of [
      'Ľubomír Šťastný 7',
      'Hlavná 7',
      '010 01 Žilina',
      '+421 905 123 456',
      'Tatra Kozmetika a.s.',
      '058 01 Poprad, SK',
      'TRC',
      'Tracked letter',
      'Home delivery',
      'Slovak Parcel Service',
      '2/3',
      '1 234.50 CZK',
      '2.5 kg',
      'OBJ-2026-7',
      'PP0000000007',
      'RR123456775SK',
      '15.03.2026',
      'FRAGILE',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('keeps Slovak, Czech, German, Polish and Hungarian names as real text', async () => {
    const names: Array<[name: string, street: string, city: string, country: string]> = [
      ['Ľubomír Šťastný', 'Ťahanovská 5', 'Žilina', 'SK'],
      ['Řehoř Ďurďovič', 'Náměstí Míru 1', 'Dvůr Králové', 'CZ'],
      ['Jürgen Weiß', 'Große Straße 7', 'Köln', 'DE'],
      ['Grzegorz Brzęczyszczykiewicz', 'ul. Źródlana 3', 'Łódź', 'PL'],
      ['Kovácsné Szőke Erzsébet', 'Űrhajós utca 2', 'Győr', 'HU'],
    ];
    const labels = names.map(([name, street, city, country], i) => label(i, { recipient: { name, street, postalCode: '12345', city, country } }));
    const text = pdfText(await renderLabels(labels, { kind: 'A6' }, CAPTIONS));
    for (const [name, street, city] of names) {
      expect(text).toContain(name);
      expect(text).toContain(street);
      expect(text).toContain(city);
    }
    for (const word of ['Žilina', 'Łódź', 'Győr', 'Straße', 'Dvůr Králové']) expect(text).toContain(word);
  });

  it('fits long texts into their boxes: shrunk or cut with an ellipsis, never past the margins', async () => {
    const long = (s: string) => Array.from({ length: 8 }, () => s).join(' ');
    const pdf = await renderLabels(
      [
        label(1, {
          recipient: {
            name: long('Kovácsné Szőke Erzsébet'),
            contact: long('Nagyon Hosszú Cégnév Kft.'),
            street: long('Széchenyi István tér'),
            number: '123456789',
            line2: long('épület B'),
            postalCode: '9021',
            city: long('Győr-Moson-Sopron'),
            region: long('Nyugat-Dunántúl'),
            country: 'HU',
            phone: long('+36 30 123 4567'),
          },
          sender: {
            name: long('Alpin Sport GmbH'),
            contact: long('Lukas'),
            street: long('Mariahilfer Straße'),
            postalCode: '1070',
            city: long('Wien'),
            country: 'AT',
            phone: long('+43 1'),
          },
          product: { code: 'PRMXXXXXXX', name: long('Parcel') },
          deliveryMethod: long('Parcel locker Z-BOX'),
          referenceNumber: long('REF'),
          partnerName: long('Partner'),
          cod: { amount: 123456789.99, currency: 'HUF' },
          fragile: true,
        }),
      ],
      { kind: 'A6' },
      CAPTIONS,
    );
    qpdfCheck(pdf);
    const words = wordBoxes(pdf);
    expect(words.some((w) => w.text.endsWith('…'))).toBe(true);
    const margin = 4.9 * MM;
    for (const w of words) {
      expect(w.xMin, w.text).toBeGreaterThanOrEqual(margin);
      expect(w.xMax, w.text).toBeLessThanOrEqual(A6.width - margin);
      expect(w.yMin, w.text).toBeGreaterThanOrEqual(margin);
      expect(w.yMax, w.text).toBeLessThanOrEqual(A6.height - margin);
    }
  });
});

describe('renderLabels, 100×150 mm for thermal printers', { timeout: 60_000 }, () => {
  it('prints one 100×150 mm page per label, every word inside its margins, both barcodes readable', async () => {
    const labels = [label(1, { cod: { amount: 20, currency: 'EUR' }, fragile: true }), label(2)];
    const pdf = await renderLabels(labels, { kind: '100x150' }, CAPTIONS);
    qpdfCheck(pdf);
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.pageSize.width).toBeCloseTo(THERMAL.width, 1);
    expect(info.pageSize.height).toBeCloseTo(THERMAL.height, 1);
    for (const [i, one] of labels.entries()) expect(decodeBarcodes(pdf, i + 1).sort()).toEqual([`CODE-128:${one.trackingNumber}`, `QR-Code:${labelQrPayload(one)}`]);
    // 5 mm margins left and right, and the design centred in the 150 mm height (1 mm more above).
    for (const word of wordBoxes(pdf)) {
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(5 * MM - 0.5);
      expect(word.xMax, word.text).toBeLessThanOrEqual(THERMAL.width - 5 * MM + 0.5);
      expect(word.yMin, word.text).toBeGreaterThanOrEqual(6 * MM - 0.5);
      expect(word.yMax, word.text).toBeLessThanOrEqual(THERMAL.height - 5 * MM);
    }
    expect(pdfText(pdf, 1)).toContain('20.00 EUR');
  });
});

describe('renderLabels, four per A4 sheet', { timeout: 60_000 }, () => {
  it('fills the quarters in reading order, labels in the order given, and every barcode on a sheet decodes', async () => {
    const labels = [5, 3, 9, 1, 7].map((n) => label(n));
    const pdf = await renderLabels(labels, { kind: 'A4', start: 1 }, CAPTIONS);

    qpdfCheck(pdf);
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.pageSize.width).toBeCloseTo(A4.width, 1);
    expect(info.pageSize.height).toBeCloseTo(A4.height, 1);

    const items = wordBoxes(pdf).filter((w) => /^PP\d{10}$/.test(w.text));
    expect(items.map((w) => [w.text, w.page, quarterOf(w)])).toEqual([
      ['PP0000000005', 1, 1],
      ['PP0000000003', 1, 2],
      ['PP0000000009', 1, 3],
      ['PP0000000001', 1, 4],
      ['PP0000000007', 2, 1],
    ]);

    const codes = decodeBarcodes(pdf, 1).sort();
    const firstSheet = labels.slice(0, 4);
    expect(codes).toEqual([...firstSheet.map((l) => `CODE-128:${l.trackingNumber}`), ...firstSheet.map((l) => `QR-Code:${labelQrPayload(l)}`)].sort());
  });

  it('starts at the first free quarter of a half-used sheet', async () => {
    const pdf = await renderLabels(
      [1, 2, 3].map((n) => label(n)),
      { kind: 'A4', start: 3 },
      CAPTIONS,
    );
    qpdfCheck(pdf);
    expect(pdfInfo(pdf).pages).toBe(2);
    const items = wordBoxes(pdf).filter((w) => /^PP\d{10}$/.test(w.text));
    expect(items.map((w) => [w.text, w.page, quarterOf(w)])).toEqual([
      ['PP0000000001', 1, 3],
      ['PP0000000002', 1, 4],
      ['PP0000000003', 2, 1],
    ]);
  });

  it('keeps every word of a label inside its quarter, clear of the cut lines', async () => {
    const long = 'Kovácsné Szőke Erzsébet Nagyon Hosszú Nevű Ügyfél Kft. Győr-Moson-Sopron megye';
    const labels = [1, 2, 3, 4].map((n) =>
      label(n, {
        recipient: { name: long, street: long, postalCode: '9021', city: long, country: 'HU', phone: long },
        deliveryMethod: long,
        cod: { amount: 99999.99, currency: 'HUF' },
      }),
    );
    const words = wordBoxes(await renderLabels(labels, { kind: 'A4', start: 1 }, CAPTIONS));
    const clear = 4.9 * MM;
    for (const w of words) {
      const left = w.xMin < A4.width / 2 ? 0 : A4.width / 2;
      const top = w.yMin < A4.height / 2 ? 0 : A4.height / 2;
      expect(w.xMin - left, w.text).toBeGreaterThanOrEqual(clear);
      expect(left + A4.width / 2 - w.xMax, w.text).toBeGreaterThanOrEqual(clear);
      expect(w.yMin - top, w.text).toBeGreaterThanOrEqual(clear);
      expect(top + A6.height - w.yMax, w.text).toBeGreaterThanOrEqual(clear);
    }
  });
});

describe('renderLabels, what documents share', { timeout: 60_000 }, () => {
  it('draws the parts every label shares once, as one Form XObject that every page places', async () => {
    const pdf = await PDFDocument.load(
      await renderLabels(
        [1, 2, 3, 4, 5, 6].map((n) => label(n)),
        { kind: 'A4', start: 1 },
        CAPTIONS,
      ),
    );
    const forms = pdf.getPages().map((page) => {
      const xObjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
      return xObjects.entries().map(([, ref]) => (ref as PDFRef).toString());
    });
    expect(forms).toHaveLength(2);
    expect(forms[0]).toHaveLength(1);
    expect(forms[1]).toEqual(forms[0]);
  });

  it('keeps every letter of a later document extractable after an earlier one used it only inside another glyph', async () => {
    // ý is built from y and an accent: writing the first file's font subset meets y as a part of ý.
    // The parsed font is shared by the documents of a process; the second must still map y to "y".
    // The name is set in bold, and nothing else on the first label has a bold y.
    await renderLabels([label(1, { recipient: { ...label(1).recipient, name: 'Ľubomír Šťastný' } })], { kind: 'A6' }, CAPTIONS);
    const text = pdfText(await renderLabels([label(2, { recipient: { ...label(2).recipient, name: 'Brzęczyszczykiewicz Kovacsy' } })], { kind: 'A6' }, CAPTIONS));
    expect(text).toContain('Brzęczyszczykiewicz Kovacsy');
  });
});
