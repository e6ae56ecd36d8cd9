// Shipping labels as ZPL II for thermal printers (Zebra and compatibles) at 203 dpi (8 dots/mm) or
// 300 dpi (12 dots/mm), 100 x 150 mm: the layout of label-layout.ts, drawn in dots. Text is set in
// the PDF's DejaVu: a printer's own scalable font lacks letters such as Ľ and ď, so each file
// first downloads the subset of DejaVu it uses into the printer's memory (~DU to R:, not to flash,
// which a download per job would wear) and its text uses that font (^A@) in UTF-8 (^CI28). Texts
// are fitted with DejaVu's own metrics, so they shrink and cut exactly as on the PDF. Barcodes are
// the printer's: Code128 (^BC) and QR (^BQ), the same data as the PDF's.
import subsetFont from 'subset-font';
import { CODE128_QUIET_MODULES, code128, qrCode, type Code128Symbol, type QrSymbol } from './barcodes.ts';
import type { LabelCaptions, LabelData } from './document-types.ts';
import { dejaVuFiles, dejaVuMetrics, fitText, oneLine, textWidth, type MeasuredFont, type TextStyle } from './fonts.ts';
import { drawLabel, drawLabelFrame, labelQrPayload, LABEL_DESIGN_HEIGHT, ptOf, THERMAL_LABEL, type BarcodeBox, type LabelPen } from './label-layout.ts';

/** Dots per millimetre: 203 dpi and 300 dpi printers, as Zebra rounds them. */
export type ZplDensity = 8 | 12;

/** The fonts' names in the printer's memory (R: is DRAM, cleared at power-off). */
const FONT_FILES = { regular: 'R:PPSANS.TTF', bold: 'R:PPSANSB.TTF' } as const;
type Weight = keyof typeof FONT_FILES;

const POINT_MM = 25.4 / 72;

/**
 * Field data as ZPL takes it after ^FH: `^` and `~` would start commands and `_` is the hex
 * escape itself, so the three are written as hex; the rest is UTF-8 as is (^CI28).
 */
export function zplField(text: string): string {
  return text.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A fitted line of text: what the printer prints and how wide it is (points). */
interface SetLine {
  text: string;
  size: number;
  width: number;
}

/** Draws one label's commands into a string, in dots; remembers every character each font printed. */
class ZplPen implements LabelPen<MeasuredFont> {
  readonly fonts = dejaVuMetrics();
  out = '';
  private readonly weights = new Map<MeasuredFont, Weight>([
    [this.fonts.regular, 'regular'],
    [this.fonts.bold, 'bold'],
  ]);
  readonly used: Record<Weight, Set<string>> = { regular: new Set(), bold: new Set() };
  /** Lines fitted once per file: a batch repeats the sender's lines, captions, products, dates. */
  private readonly lines = new Map<string, SetLine>();

  constructor(
    private readonly dpmm: ZplDensity,
    /** The design's top in the label (mm): a label taller than the design centres it. */
    private readonly top: number,
  ) {}

  private dx(mm: number): number {
    return Math.round(mm * this.dpmm);
  }

  private dy(mm: number): number {
    return Math.round((this.top + mm) * this.dpmm);
  }

  /** A stroke of `lineWidth` points in whole dots, at least one. */
  private stroke(lineWidth: number): number {
    return Math.max(1, Math.round(lineWidth * POINT_MM * this.dpmm));
  }

  fill(x: number, y: number, width: number, height: number): void {
    const w = this.dx(x + width) - this.dx(x);
    const h = this.dy(y + height) - this.dy(y);
    this.out += `^FO${this.dx(x)},${this.dy(y)}^GB${w},${h},${Math.min(w, h)}^FS\n`;
  }

  frame(x: number, y: number, width: number, height: number, lineWidth: number): void {
    // ZPL draws a box's border inside it; the layout's stroke is centred on the edges.
    const t = this.stroke(lineWidth);
    const left = this.dx(x) - Math.floor(t / 2);
    const top = this.dy(y) - Math.floor(t / 2);
    this.out += `^FO${left},${top}^GB${this.dx(x + width) - this.dx(x) + t},${this.dy(y + height) - this.dy(y) + t},${t}^FS\n`;
  }

  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number): void {
    const t = this.stroke(lineWidth);
    if (y1 === y2) this.out += `^FO${this.dx(Math.min(x1, x2))},${this.dy(y1) - Math.floor(t / 2)}^GB${Math.abs(this.dx(x2) - this.dx(x1))},${t},${t}^FS\n`;
    else this.out += `^FO${this.dx(x1) - Math.floor(t / 2)},${this.dy(Math.min(y1, y2))}^GB${t},${Math.abs(this.dy(y2) - this.dy(y1))},${t}^FS\n`;
  }

  text(value: string, x: number, baseline: number, width: number, style: TextStyle<MeasuredFont>): void {
    const line = oneLine(value);
    if (!line) return;
    const weight = this.weights.get(style.font) ?? 'regular';
    const key = `${weight}|${width}|${style.size}|${style.minSize ?? ''}|${line}`;
    let set = this.lines.get(key);
    if (!set) {
      const fitted = fitText(line, ptOf(width), style);
      set = { ...fitted, width: textWidth(fitted.text, style.font, fitted.size) };
      this.lines.set(key, set);
      for (const char of set.text) this.used[weight].add(char);
    }
    const align = style.align ?? 'left';
    const slack = align === 'left' ? 0 : ptOf(width) - set.width;
    const left = x + (align === 'center' ? slack / 2 : slack) / ptOf(1);
    // The font's height in dots is its em (the PDF's point size); white text reverses over its black fill.
    const height = Math.max(1, Math.round(set.size * POINT_MM * this.dpmm));
    const reverse = (style.gray ?? 0) > 0.5 ? '^FR' : '';
    this.out += `^FT${this.dx(left)},${this.dy(baseline)}^A@N,${height},${height},${FONT_FILES[weight]}${reverse}^FH^FD${zplField(set.text)}^FS\n`;
  }

  qr(symbol: QrSymbol, x: number, top: number, size: number): void {
    // Whole dots per module, the largest that keeps the 4-module quiet zone inside the square.
    const count = symbol.modules.length;
    const side = this.dx(size);
    const module = Math.max(1, Math.min(10, Math.floor(side / (count + 8))));
    const offset = Math.floor((side - count * module) / 2);
    // Error correction M as on the PDF, the data mode chosen by the printer (A).
    this.out += `^FO${this.dx(x) + offset},${this.dy(top) + offset}^BQN,2,${module}^FH^FDMA,${zplField(symbol.value)}^FS\n`;
  }

  code128(symbol: Code128Symbol, box: BarcodeBox<MeasuredFont>): void {
    const modules = symbol.pattern.reduce((sum, w) => sum + w, 0);
    const width = this.dx(box.width);
    // Whole dots per module: the layout's (3 at 203 dpi, 4 at 300), fewer when the quiet zones would not fit.
    const module = Math.max(1, Math.min(Math.round(box.module * this.dpmm - 0.01), Math.floor(width / (modules + 2 * CODE128_QUIET_MODULES))));
    const left = this.dx(box.x) + Math.floor((width - modules * module) / 2);
    // Mode A: the printer packs the data as code128() does (the fewest symbol characters).
    this.out += `^BY${module}^FO${left},${this.dy(box.top)}^BCN,${this.dy(box.top + box.height) - this.dy(box.top)},N,N,N,A^FH^FD${zplField(symbol.value)}^FS\n`;
    this.text(symbol.value, box.x, box.top + box.height + box.text.gap, box.width, { ...box.text.style, align: 'center' });
  }
}

/** Subsets made recently, by weight and characters: single labels of one sender repeat theirs. */
const subsets = new Map<string, Promise<Buffer>>();
const SUBSETS_KEPT = 200;

function fontSubset(weight: Weight, characters: Set<string>): Promise<Buffer> {
  const text = [...characters].sort().join('');
  const key = `${weight}|${text}`;
  let subset = subsets.get(key);
  if (!subset) {
    const bytes = dejaVuFiles()[weight];
    // No hinting (a printer's rasteriser ignores it): a third of the size.
    subset = subsetFont(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), text, { targetFormat: 'truetype', noHinting: true, noLayoutClosure: true });
    subset.catch(() => subsets.delete(key));
    if (subsets.size >= SUBSETS_KEPT) subsets.delete(subsets.keys().next().value!);
    subsets.set(key, subset);
  }
  return subset;
}

/** ~DU: a TrueType font into the printer's memory, its bytes as hex. */
const fontDownload = (name: string, font: Buffer) => `~DU${name},${font.length},${font.toString('hex').toUpperCase()}\n`;

/** The labels in the order given, one ^XA…^XZ each, after the downloads of the fonts they use. */
export async function renderZplLabels(labels: readonly LabelData[], dpmm: ZplDensity, captions: LabelCaptions): Promise<Uint8Array> {
  const size = THERMAL_LABEL;
  const pen = new ZplPen(dpmm, (size.height - LABEL_DESIGN_HEIGHT) / 2);
  drawLabelFrame(pen, size.width, captions);
  const frame = pen.out;
  const start = `^XA\n^CI28^PW${Math.round(size.width * dpmm)}^LL${Math.round(size.height * dpmm)}^LH0,0\n${frame}`;
  const parts: string[] = [];
  for (const label of labels) {
    pen.out = '';
    drawLabel(pen, size.width, label, { tracking: code128(label.trackingNumber), qr: qrCode(labelQrPayload(label)) }, captions);
    parts.push(start, pen.out, '^XZ\n');
  }
  const [regular, bold] = await Promise.all([fontSubset('regular', pen.used.regular), fontSubset('bold', pen.used.bold)]);
  // Its own buffer (never a slice of Node's shared pool): the render thread moves it to the main thread.
  return new TextEncoder().encode(fontDownload(FONT_FILES.regular, regular) + fontDownload(FONT_FILES.bold, bold) + parts.join(''));
}
