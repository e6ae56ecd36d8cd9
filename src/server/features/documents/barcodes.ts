// Vector barcodes on pdf-lib pages: bwip-js computes the symbol (bar widths, module matrix) and we
// fill one rectangle per bar or per run of dark modules, so the bars stay sharp at any printer
// resolution. Code128 for tracking numbers and manifest ids; QR as the 2D code, because zbar (and
// most depot scanners) read QR but zbar does not read DataMatrix.
// The node build by name: TypeScript's bundler resolution does not match the package's `node` condition.
import bwipjs from 'bwip-js/node';
import type { TextStyle } from './fonts.ts';
import type { PageCanvas, Rect } from './pdf-canvas.ts';

/** Code128 quiet zone on either side, in modules (ISO/IEC 15417 asks for at least 10). */
export const CODE128_QUIET_MODULES = 10;
/** QR quiet zone on every side, in modules (ISO/IEC 18004). */
export const QR_QUIET_MODULES = 4;

export interface Code128Symbol {
  value: string;
  /** Bar and space widths in modules, bar first, start and stop characters included. */
  pattern: number[];
}

export function code128(value: string): Code128Symbol {
  // The default export's raw(): the module's named `raw` export is BWIPP's "raw" symbology.
  const [symbol] = bwipjs.raw({ bcid: 'code128', text: value });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js answered no Code128 pattern');
  return { value, pattern: symbol.sbs };
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
export function drawCode128(canvas: PageCanvas, symbol: Code128Symbol, box: Code128Box): number {
  const modules = symbol.pattern.reduce((sum, w) => sum + w, 0);
  const module = Math.min(box.module, box.width / (modules + 2 * CODE128_QUIET_MODULES));
  let x = box.x + (box.width - modules * module) / 2;
  const bars: Rect[] = [];
  symbol.pattern.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, y: box.bottom, width: w * module, height: box.height });
    x += w * module;
  });
  canvas.fillRects(bars);
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
  // A fixed mask skips BWIPP's trial of all eight: 1.6 ms instead of 3.3 ms per symbol, which
  // 1,000 labels need. Any mask makes a valid symbol; the tests decode them with zbar.
  const [symbol] = bwipjs.raw({ bcid: 'qrcode', text: value, eclevel: 'M', mask: 1 } as bwipjs.RawOptions);
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js answered no QR matrix');
  const { pixs, pixx, pixy } = symbol;
  return { value, modules: Array.from({ length: pixy }, (_, row) => Array.from({ length: pixx }, (_, col) => pixs[row * pixx + col] === 1)) };
}

/**
 * Draws the symbol filling the square whose bottom-left corner is (x, y), its 4-module quiet zone
 * inside the square. Answers the module size used (points).
 */
export function drawQrCode(canvas: PageCanvas, symbol: QrSymbol, x: number, y: number, size: number): number {
  const { modules } = symbol;
  const module = size / (modules.length + 2 * QR_QUIET_MODULES);
  const left = x + QR_QUIET_MODULES * module;
  const top = y + size - QR_QUIET_MODULES * module;
  const runs: Rect[] = [];
  modules.forEach((row, r) => {
    // One rectangle per horizontal run of dark modules: a quarter of the operators of one per module.
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      const start = c;
      while (c + 1 < row.length && row[c + 1]) c++;
      runs.push({ x: left + start * module, y: top - (r + 1) * module, width: (c - start + 1) * module, height: module });
    }
  });
  canvas.fillRects(runs);
  return module;
}
