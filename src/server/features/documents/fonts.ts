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
export function dejaVuFiles(): { regular: Uint8Array; bold: Uint8Array } {
  if (!fontFiles) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = { regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return fontFiles;
}

/** The parsed fonts, by the bytes they were parsed from (read once per process, so the same array). */
const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();

/**
 * fontkit with a plain one-glyph-per-character layout. fontkit's own `layout` runs full OpenType
 * shaping (GSUB/GPOS) on every call: 0.7 ms per line with DejaVu, 45 s for 1,000 labels. pdf-lib
 * reads only the glyphs and their advances from it (it never applies GPOS positions), and Latin
 * text needs no substitution once it is in NFC, so a cmap lookup gives the same PDF 20x faster.
 */
const cmapLayoutFontkit: Fontkit = {
  create(bytes, postscriptName) {
    // Parsed once per process: the font files never change, and pdf-lib only reads the parsed font
    // (each document makes its own subset of it).
    let font = parsedFonts.get(bytes);
    if (font) return font;
    font = fontkit.create(bytes, postscriptName) as FontkitFont;
    const parsed = font;
    const glyphs = new Map<number, Glyph>();
    const glyphOf = (codePoint: number): Glyph => {
      let glyph = glyphs.get(codePoint);
      if (!glyph) {
        glyph = parsed.glyphForCodePoint(codePoint);
        // fontkit keeps one glyph object per glyph id. One first met as a part of a composite glyph
        // while an earlier document's subset was written (the y of ý) has no code points, and
        // pdf-lib's ToUnicode map would lose the character: copy and extraction would read a blank.
        if (glyph.codePoints.length === 0) glyph.codePoints = [codePoint];
        glyphs.set(codePoint, glyph);
      }
      return glyph;
    };
    font.layout = (text: string): GlyphRun => {
      const run: Glyph[] = [];
      let advanceWidth = 0;
      for (const char of nfc(text)) {
        const glyph = glyphOf(char.codePointAt(0)!);
        run.push(glyph);
        advanceWidth += glyph.advanceWidth;
      }
      return { glyphs: run, positions: [], script: 'latn', language: null, direction: 'ltr', features: {}, advanceWidth, advanceHeight: 0, bbox: parsed.bbox };
    };
    parsedFonts.set(bytes, font);
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

/**
 * What fitting a text needs of a font: its width at a size. pdf-lib's embedded fonts have it, and
 * so have the bare metrics the ZPL renderer measures with (`dejaVuMetrics`): one measure for both.
 */
export interface MeasuredFont {
  widthOfTextAtSize(text: string, size: number): number;
}

/** The two faces by weight, as a layout asks for them. */
export interface FontPair<F extends MeasuredFont = PDFFont> {
  regular: F;
  bold: F;
}

let metrics: FontPair<MeasuredFont> | undefined;

/**
 * DejaVu's advances without a PDF document (what pdf-lib's widthOfTextAtSize sums: each glyph's
 * advance in units of the em, times the size), for renderers that send the font to the printer.
 */
export function dejaVuMetrics(): FontPair<MeasuredFont> {
  if (!metrics) {
    const files = dejaVuFiles();
    const measured = (bytes: Uint8Array): MeasuredFont => {
      const font = cmapLayoutFontkit.create(bytes);
      const scale = 1 / font.unitsPerEm;
      return { widthOfTextAtSize: (text, size) => font.layout(text).advanceWidth * scale * size };
    };
    metrics = { regular: measured(files.regular), bold: measured(files.bold) };
  }
  return metrics;
}

export interface TextStyle<F extends MeasuredFont = PDFFont> {
  font: F;
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
  if (text == null) return '';
  return isOneLine(text) ? text : text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * Whether `text` is already one line (no control character, no white space but single spaces
 * between words): most texts are, and a loop over char codes answers faster than the regex.
 * `\s` and `\p{Cc}` are U+0000-U+0020, U+007F-U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029,
 * U+202F, U+205F, U+3000 and U+FEFF.
 */
function isOneLine(text: string): boolean {
  let afterSpace = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (afterSpace) return false;
      afterSpace = true;
      continue;
    }
    if (c < 32 || (c >= 0x7f && c <= 0xa0)) return false;
    if (c >= 0x1680 && (c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff)) return false;
    afterSpace = false;
  }
  return !afterSpace || text.length === 0;
}

/**
 * `text` in Unicode NFC, as the glyph look-ups need it. A text whose characters all lie below
 * U+0300 (Latin, Latin-1, Latin Extended: every Central European letter) is NFC already: only
 * combining marks and characters from U+0300 on compose or decompose.
 */
function nfc(text: string): string {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x300) return text.normalize('NFC');
  return text;
}

/**
 * What a document's font says of each character, asked once per character: its advance (in units
 * of 1/1000 of the size, as pdf-lib measures) and its glyph in the document's subset as PDF hex.
 * Measuring and encoding a line is then a sum and a join, not a layout per call.
 */
interface CharCache {
  advance: Map<number, number>;
  hex: Map<number, string>;
}
const charCaches = new WeakMap<MeasuredFont, CharCache>();

function charCache(font: MeasuredFont): CharCache {
  let cache = charCaches.get(font);
  if (!cache) {
    cache = { advance: new Map(), hex: new Map() };
    charCaches.set(font, cache);
  }
  return cache;
}

/** The width of `text` at `size` points: the same sum as pdf-lib's widthOfTextAtSize, cached per character. */
export function textWidth(text: string, font: MeasuredFont, size: number): number {
  const { advance } = charCache(font);
  let total = 0;
  for (const char of nfc(text)) {
    const codePoint = char.codePointAt(0)!;
    let width = advance.get(codePoint);
    if (width === undefined) {
      // At size 1000 pdf-lib answers the glyph's advance times its scale, unrounded.
      width = font.widthOfTextAtSize(char, 1000);
      advance.set(codePoint, width);
    }
    total += width;
  }
  return total * (size / 1000);
}

/**
 * `text` as a PDF hex string of glyph ids in the document's subset of `font` (what pdf-lib's
 * encodeText answers), for a Tj operator. The first use of a character adds its glyph to the subset.
 */
export function encodeText(text: string, font: PDFFont): string {
  const { hex } = charCache(font);
  let out = '<';
  for (const char of nfc(text)) {
    const codePoint = char.codePointAt(0)!;
    let code = hex.get(codePoint);
    if (code === undefined) {
      code = font.encodeText(char).toString().slice(1, -1);
      hex.set(codePoint, code);
    }
    out += code;
  }
  return `${out}>`;
}

/** The text and size that fit `width`: shrunk down to `minSize`, then cut and ended with an ellipsis. */
export function fitText(text: string, width: number, style: TextStyle<MeasuredFont>): { text: string; size: number } {
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
export function wrapText(text: string, width: number, style: TextStyle<MeasuredFont>, maxLines: number): string[] {
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
