// Vector barcodes on pdf-lib pages: we encode Code128 ourselves (a table and a shortest path
// over its code sets) and take the QR module matrix from `qr`, then fill one rectangle per bar or
// per run of dark modules, so the bars stay sharp at any printer resolution. (bwip-js did both
// until issue 19: 0.7 ms per QR code, 60 % of 1,000 labels; `qr` takes 0.01 ms.) Code128 for tracking numbers and manifest ids; QR as the 2D code, because zbar (and
// most depot scanners) read QR but zbar does not read DataMatrix.
import { createRequire } from 'node:module';
import type BwipJs from 'bwip-js/node';
import encodeQR from 'qr';
import type { TextStyle } from './fonts.ts';
import type { Canvas } from './pdf-canvas.ts';

/** Code128 quiet zone on either side, in modules (ISO/IEC 15417 asks for at least 10). */
export const CODE128_QUIET_MODULES = 10;
/** QR quiet zone on every side, in modules (ISO/IEC 18004). */
export const QR_QUIET_MODULES = 4;

export interface Code128Symbol {
  value: string;
  /** Bar and space widths in modules, bar first, start and stop characters included. */
  pattern: number[];
}

/**
 * The 107 Code128 symbol characters (ISO/IEC 15417 table 1): the widths of bar, space, bar, space,
 * bar, space in modules, 11 modules each; 103-105 are Start A/B/C, 106 is Stop (13 modules, a bar more).
 */
const CODE128_WIDTHS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
)
  .split(' ')
  .map((widths) => Array.from(widths, Number));

/** Code sets A (controls, digits, upper case), B (printable ASCII) and C (digit pairs). */
const SET_A = 0;
const SET_B = 1;
const SET_C = 2;
const START = [103, 104, 105];
/** The symbol character that switches to set A, B or C (the same value in every set). */
const CODE_TO = [101, 100, 99];
const STOP = 106;
/** Sets tried in this order, so a tie keeps B, then C: the same choice for the same text every time. */
const SET_ORDER = [SET_B, SET_C, SET_A];

const isDigit = (code: number) => code >= 48 && code <= 57;

/** The symbol character of `text[i]` (of `text[i..i+1]` in set C) in `set`, or -1 when the set has none. */
function valueIn(set: number, text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (set === SET_C) return i + 1 < text.length && isDigit(code) && isDigit(text.charCodeAt(i + 1)) ? (code - 48) * 10 + text.charCodeAt(i + 1) - 48 : -1;
  if (set === SET_A) return code < 32 ? code + 64 : code < 96 ? code - 32 : -1;
  return code >= 32 && code < 128 ? code - 32 : -1;
}

/**
 * Code128 of ASCII text, in the fewest symbol characters (so the widest modules fit a box): a
 * shortest path over (position, code set), switching sets only where it saves characters.
 */
export function code128(value: string): Code128Symbol {
  const n = value.length;
  for (let i = 0; i < n; i++) if (value.charCodeAt(i) > 127) throw new Error(`Code128 takes ASCII only: ${JSON.stringify(value)}`);
  // direct[i * 3 + set]: characters for value[i..] when value[i] is encoded in `set` right away
  // (Infinity when the set cannot); cost[i * 3 + set]: the same when `set` is active at i and a
  // switch is allowed first. Filled from the end.
  const direct = new Float64Array(n * 3 + 3);
  const cost = new Float64Array(n * 3 + 6);
  for (let i = n - 1; i >= 0; i--) {
    for (let set = 0; set < 3; set++) direct[i * 3 + set] = valueIn(set, value, i) < 0 ? Infinity : 1 + cost[(i + (set === SET_C ? 2 : 1)) * 3 + set]!;
    const a = direct[i * 3]!;
    const b = direct[i * 3 + 1]!;
    const c = direct[i * 3 + 2]!;
    cost[i * 3] = Math.min(a, 1 + b, 1 + c);
    cost[i * 3 + 1] = Math.min(b, 1 + a, 1 + c);
    cost[i * 3 + 2] = Math.min(c, 1 + a, 1 + b);
  }
  const cheapestAt = (i: number) => {
    let best = SET_ORDER[0]!;
    for (const set of SET_ORDER) if (direct[i * 3 + set]! < direct[i * 3 + best]!) best = set;
    return best;
  };
  let set = n === 0 ? SET_B : cheapestAt(0);
  const values = [START[set]!];
  for (let i = 0; i < n;) {
    if (direct[i * 3 + set] !== cost[i * 3 + set]) {
      set = cheapestAt(i);
      values.push(CODE_TO[set]!);
    }
    values.push(valueIn(set, value, i));
    i += set === SET_C ? 2 : 1;
  }
  let checksum = values[0]!;
  for (let i = 1; i < values.length; i++) checksum += values[i]! * i;
  values.push(checksum % 103, STOP);
  const pattern: number[] = [];
  for (const v of values) for (const w of CODE128_WIDTHS[v]!) pattern.push(w);
  return { value, pattern };
}

export interface Code128Box {
  /** Left edge of the box, quiet zones included, and its width. */
  x: number;
  width: number;
  /** Bottom and top of the bars. */
  bottom: number;
  height: number;
  /** Preferred module (narrowest bar) width in points; narrowed to fit `width`, never widened. */
  module: number;
  /** Human-readable line under the bars: its style and the gap between bars and baseline. */
  text?: { style: TextStyle; gap: number };
}

/**
 * Draws the symbol centred in the box with at least 10 modules of quiet zone either side; the
 * module shrinks when the symbol would not fit. Answers the module width used (points).
 */
export function drawCode128(canvas: Canvas, symbol: Code128Symbol, box: Code128Box): number {
  const modules = symbol.pattern.reduce((sum, w) => sum + w, 0);
  const module = Math.min(box.module, box.width / (modules + 2 * CODE128_QUIET_MODULES));
  // Bars in modules on a grid whose unit is one module wide and the bars' height tall.
  let bars = '';
  let x = 0;
  for (let i = 0; i < symbol.pattern.length; i++) {
    const w = symbol.pattern[i]!;
    if (i % 2 === 0) bars += `${x} 0 ${w} 1 re\n`;
    x += w;
  }
  canvas.fillGrid(bars, box.x + (box.width - modules * module) / 2, box.bottom, module, box.height);
  if (box.text) canvas.text(symbol.value, box.x, box.bottom - box.text.gap, { ...box.text.style, align: 'center' }, box.width);
  return module;
}

export interface QrSymbol {
  value: string;
  /** Dark modules (true), row by row from the top; the quiet zone is not included. */
  modules: boolean[][];
}

/** A QR code of `value` with error correction level M (15 % of the symbol may be damaged). */
export function qrCode(value: string): QrSymbol {
  // The smallest version that holds the text, in byte mode as UTF-8, with the mask of the lowest
  // penalty score (ISO/IEC 18004 7.8.3). `qr` asks for a quiet zone of at least one module: cut off.
  const withBorder = encodeQR(value, 'raw', { ecc: 'medium', border: 1 });
  const modules = withBorder.slice(1, -1).map((row) => row.slice(1, -1));
  // Byte mode fills version 2 (25 modules, what a label's payload takes) with 26 characters. A
  // longer ASCII payload (a free-form postal code of 10-12 characters) may still fit version 2
  // with the tracking number as alphanumerics, as bwip-js encoded it before: then its symbol,
  // whose larger modules read as well as every other label's.
  if (modules.length > 25 && /^[\x20-\x7e]*$/.test(value)) {
    const [symbol] = bwipjs().raw({ bcid: 'qrcode', text: value, eclevel: 'M' } as BwipJs.RawOptions);
    if (symbol && 'pixs' in symbol && symbol.pixy < modules.length) {
      const { pixs, pixx, pixy } = symbol;
      return { value, modules: Array.from({ length: pixy }, (_, row) => Array.from({ length: pixx }, (_, col) => pixs[row * pixx + col] === 1)) };
    }
  }
  return { value, modules };
}

let bwipModule: typeof BwipJs | undefined;
/** bwip-js, loaded the first time a long payload needs it (loading takes a tenth of a second). */
const bwipjs = () => (bwipModule ??= createRequire(import.meta.url)('bwip-js') as typeof BwipJs);

/**
 * Draws the symbol filling the square whose bottom-left corner is (x, y), its 4-module quiet zone
 * inside the square. Answers the module size used (points).
 */
export function drawQrCode(canvas: Canvas, symbol: QrSymbol, x: number, y: number, size: number): number {
  const { modules } = symbol;
  const count = modules.length;
  const module = size / (count + 2 * QR_QUIET_MODULES);
  // One rectangle per horizontal run of dark modules (a quarter of the operators of one per
  // module), in modules on a grid whose origin is the symbol's bottom-left corner.
  let runs = '';
  for (let r = 0; r < count; r++) {
    const row = modules[r]!;
    const rowY = count - 1 - r;
    for (let c = 0; c < count; c++) {
      if (!row[c]) continue;
      const start = c;
      while (c + 1 < count && row[c + 1]) c++;
      runs += `${start} ${rowY} ${c - start + 1} 1 re\n`;
    }
  }
  canvas.fillGrid(runs, x + QR_QUIET_MODULES * module, y + QR_QUIET_MODULES * module, module, module);
  return module;
}
