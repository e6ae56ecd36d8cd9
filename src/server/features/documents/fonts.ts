// DejaVu Sans and DejaVu Sans Bold, embedded as subsets, and lines of text set in them: measured
// and fitted into a box (shrunk, then cut with an ellipsis). DejaVu covers every Central European
// name we print (ľščťžýáíéúäôň ěřů ß ąćęłńóśźż őű).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;
type Glyph = ReturnType<FontkitFont['glyphForCodePoint']>;
type GlyphRun = ReturnType<FontkitFont['layout']>;

export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
}

let fontFiles: { regular: Uint8Array; bold: Uint8Array } | undefined;

/** The TTF bytes, read from the dejavu-fonts-ttf package once per process. */
function dejaVuFiles(): { regular: Uint8Array; bold: Uint8Array } {
  if (!fontFiles) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = { regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return fontFiles;
}

/**
 * fontkit with a plain one-glyph-per-character layout. fontkit's own `layout` runs full OpenType
 * shaping (GSUB/GPOS) on every call: 0.7 ms per line with DejaVu, 45 s for 1,000 labels. pdf-lib
 * reads only the glyphs and their advances from it (it never applies GPOS positions), and Latin
 * text needs no substitution once it is in NFC, so a cmap lookup gives the same PDF 20x faster.
 */
const cmapLayoutFontkit: Fontkit = {
  create(bytes, postscriptName) {
    const font = fontkit.create(bytes, postscriptName) as FontkitFont;
    const glyphs = new Map<number, Glyph>();
    const glyphOf = (codePoint: number): Glyph => {
      let glyph = glyphs.get(codePoint);
      if (!glyph) {
        glyph = font.glyphForCodePoint(codePoint);
        glyphs.set(codePoint, glyph);
      }
      return glyph;
    };
    font.layout = (text: string): GlyphRun => {
      const run: Glyph[] = [];
      let advanceWidth = 0;
      for (const char of text.normalize('NFC')) {
        const glyph = glyphOf(char.codePointAt(0)!);
        run.push(glyph);
        advanceWidth += glyph.advanceWidth;
      }
      return { glyphs: run, positions: [], script: 'latn', language: null, direction: 'ltr', features: {}, advanceWidth, advanceHeight: 0, bbox: font.bbox };
    };
    return font;
  },
};

/** Embeds both fonts into `doc`, once per document; only the glyphs used are written (subset). */
export async function embedFonts(doc: PDFDocument): Promise<DocumentFonts> {
  const files = dejaVuFiles();
  doc.registerFontkit(cmapLayoutFontkit);
  // Names with a subset tag (PDF 32000 9.6.4), which pdf-lib leaves out: preflight tools expect one.
  const [regular, bold] = await Promise.all([
    doc.embedFont(files.regular, { subset: true, customName: 'DJVSUB+DejaVuSans' }),
    doc.embedFont(files.bold, { subset: true, customName: 'DJVSUC+DejaVuSans-Bold' }),
  ]);
  return { regular, bold };
}

export interface TextStyle {
  font: PDFFont;
  /** Font size in points: the largest size used. */
  size: number;
  /** Smallest size a too-long text may shrink to before it is cut; `size` when absent. */
  minSize?: number;
  /** 0 black .. 1 white. */
  gray?: number;
  align?: 'left' | 'center' | 'right';
}

/** One line of printable text: control characters and runs of white space become one space. */
export function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

export function textWidth(text: string, font: PDFFont, size: number): number {
  return font.widthOfTextAtSize(text, size);
}

/** The text and size that fit `width`: shrunk down to `minSize`, then cut and ended with an ellipsis. */
export function fitText(text: string, width: number, style: TextStyle): { text: string; size: number } {
  const { font, size } = style;
  const minSize = Math.min(style.minSize ?? size, size);
  const atOnePoint = textWidth(text, font, 1);
  if (atOnePoint * size <= width) return { text, size };
  if (atOnePoint * minSize <= width) return { text, size: Math.floor((width / atOnePoint) * 10) / 10 };
  // Longest prefix that fits with the ellipsis (binary search on code points).
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(`${chars.slice(0, mid).join('').trimEnd()}…`, font, minSize) <= width) low = mid;
    else high = mid - 1;
  }
  return { text: `${chars.slice(0, low).join('').trimEnd()}…`, size: minSize };
}

/**
 * Words wrapped greedily into lines of `width` at the style's size, at most `maxLines`: the last
 * line takes the rest, for the caller to fit. A word wider than `width` stands on its own line.
 */
export function wrapText(text: string, width: number, style: TextStyle, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of oneLine(text).split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || textWidth(candidate, style.font, style.size) <= width || lines.length === maxLines - 1) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}
