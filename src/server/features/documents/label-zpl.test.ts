// @vitest-environment node
// ZPL labels as a thermal printer sees them: a renderer that is not ours (zpl-renderer-js, a build
// of IngridHQ's zebrash) draws each label at the printer's resolution, and zbar decodes the
// printer's own Code128 and QR from the image. The text is the PDF's: the same lines, fitted alike.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type * as ZplRenderer from 'zpl-renderer-js';
import { CAPTIONS, label } from '#tests/fixtures/labels.ts';
import { decodeImage, pdfText } from '#tests/setup/pdf-tools.ts';
import { renderLabels } from './label-pdf.ts';
import { renderZplLabels, zplField, type ZplDensity } from './label-zpl.ts';

const text = (zpl: Uint8Array) => new TextDecoder().decode(zpl);

/** Each label of the file as the printer would print it (PNG), 100 × 150 mm at `dpmm`. */
async function printed(zpl: Uint8Array, dpmm: ZplDensity): Promise<Uint8Array[]> {
  // Loaded by Node itself (its CommonJS build): through Vite it loads too, with a warning about a
  // source map the package does not ship.
  const { ready } = createRequire(import.meta.url)('zpl-renderer-js') as typeof ZplRenderer;
  const { api } = await ready;
  const images = await api.zplToBase64MultipleAsync(text(zpl), 100, 150, dpmm);
  return images.map((image) => Buffer.from(image, 'base64'));
}

/** The field data of every text field (^A@ … ^FD…^FS), unescaped. */
function printedTexts(zpl: string): string[] {
  return [...zpl.matchAll(/\^A@N,\d+,\d+,[^^]+(?:\^FR)?\^FH\^FD([^^]*)\^FS/g)].map((m) => m[1]!.replace(/_([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

const NAMES = [
  { name: 'Ľubomír Šťastný', street: 'Ťahanovská', city: 'Žilina', country: 'SK', postalCode: '010 01' },
  { name: 'Řehoř Ďurďovič', street: 'Náměstí Míru', city: 'Dvůr Králové nad Labem', country: 'CZ', postalCode: '544 01' },
  { name: 'Jürgen Weiß', street: 'Große Straße', city: 'Köln', country: 'DE', postalCode: '50667' },
];

// The renderer's WebAssembly loads once (~1 s) and draws a label in ~0.1 s; zbar reads each.
describe('renderZplLabels', { timeout: 120_000 }, () => {
  for (const dpmm of [8, 12] as const) {
    it(`prints at ${dpmm === 8 ? 203 : 300} dpi labels whose Code128 and QR a scanner reads, names with diacritics included`, async () => {
      const labels = NAMES.map((to, i) => label(i + 1, { recipient: { ...to, number: String(i + 1) }, cod: i === 0 ? { amount: 49.9, currency: 'EUR' } : null }));
      const zpl = await renderZplLabels(labels, dpmm, CAPTIONS);
      const source = text(zpl);
      expect(source.match(/\^XA/g)).toHaveLength(labels.length);
      expect(source).toContain(`^PW${100 * dpmm}^LL${150 * dpmm}`);
      const images = await printed(zpl, dpmm);
      expect(images).toHaveLength(labels.length);
      images.forEach((image, i) => {
        const one = labels[i]!;
        expect(decodeImage(image).sort()).toEqual([`CODE-128:${one.trackingNumber}`, `QR-Code:${one.trackingNumber}|${one.recipient.country}|${one.recipient.postalCode.replace(/ /g, '')}`]);
      });
      // The names as UTF-8 text in the downloaded font, not in a printer font that lacks Ľ or ď.
      const texts = printedTexts(source);
      for (const to of NAMES) {
        expect(texts.some((t) => t.startsWith(to.name))).toBe(true);
        expect(texts).toContain(`${to.postalCode} ${to.city}`);
      }
      expect(source).toMatch(/^~DUR:PPSANS\.TTF,\d+,[0-9A-F]+\n~DUR:PPSANSB\.TTF,\d+,[0-9A-F]+\n\^XA/);
      expect(source).toContain('^A@N,');
      expect(source).toContain('^CI28');
    });
  }

  it('downloads a font file that is whole (its size as declared) and holds the letters printed', async () => {
    const source = text(await renderZplLabels([label(1)], 8, CAPTIONS));
    for (const match of source.matchAll(/~DU(R:[A-Z]+\.TTF),(\d+),([0-9A-F]+)\n/g)) {
      const bytes = Buffer.from(match[3]!, 'hex');
      expect(bytes.length).toBe(Number(match[2]));
      // A TrueType file: version 1.0, and a cmap so the printer finds each letter's glyph.
      expect(bytes.readUInt32BE(0)).toBe(0x00010000);
      expect(bytes.includes(Buffer.from('cmap'))).toBe(true);
      // A subset: a small part of DejaVu (~700 KB).
      expect(bytes.length).toBeLessThan(40_000);
    }
  });

  it('prints the same lines as the 100×150 PDF, fitted alike (one description feeds both)', async () => {
    const long = label(4, {
      recipient: { name: 'Kovácsné Szőke Erzsébet és a Nagyon Hosszú Nevű Kereskedelmi és Szolgáltató Korlátolt Felelősségű Társaság', street: 'Űrhajós utca', number: '2', postalCode: '9021', city: 'Győr', country: 'HU', phone: '+36 30 123 4567' },
      cod: { amount: 12_345.5, currency: 'HUF' },
      fragile: true,
    });
    const zplLines = printedTexts(text(await renderZplLabels([long], 8, CAPTIONS)));
    const pdf = pdfText(await renderLabels([long], { kind: '100x150' }, CAPTIONS));
    const pdfWords = pdf.split(/\s+/).filter(Boolean).sort();
    const zplWords = zplLines.join(' ').split(/\s+/).filter(Boolean).sort();
    expect(zplWords).toEqual(pdfWords);
    // The long name took two lines and was cut at the same letter in both.
    expect(zplLines.filter((line) => line.endsWith('…'))).toHaveLength(1);
    expect(pdf).toContain(zplLines.find((line) => line.endsWith('…')));
  });

  it('escapes what ZPL would read as commands, so a name cannot inject one', async () => {
    expect(zplField('A^XZ~JR_1')).toBe('A_5EXZ_7EJR_5F1');
    const source = text(await renderZplLabels([label(1, { recipient: { ...label(1).recipient, name: 'Evil ^XZ^XA~JR Name_' } })], 8, CAPTIONS));
    expect(source.match(/\^XZ/g)).toHaveLength(1);
    expect(source).not.toContain('~JR');
    expect(printedTexts(source)).toContain('Evil ^XZ^XA~JR Name_');
  });
});
