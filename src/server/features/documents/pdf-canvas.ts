// A page's drawing written straight into a PDF content stream: rectangles, lines and lines of text
// as operator text, compressed by Node's zlib when the page is finished. pdf-lib's drawing API
// builds an object per operator and per number and deflates with pako: about 2 of the 5 seconds
// 1,000 labels may take. pdf-lib still does the rest: pages, embedded font subsets, the file.
import { deflateSync } from 'node:zlib';
import { PDFDict, PDFName, type PDFDocument, type PDFFont, type PDFPage, type PDFRef } from 'pdf-lib';
import { encodeText, fitText, oneLine, textWidth, type TextStyle } from './fonts.ts';

/**
 * zlib's level for the content streams. Level 2 deflates a sheet of four labels about four times
 * as fast as the default level 6, for a file about a fifth larger (issue 19: deflating was a third
 * of the time of 1,000 labels at level 6).
 */
const DEFLATE_LEVEL = 2;

/** Millimetres in PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

/** Page sizes in points, portrait. */
export const A4_SIZE: [number, number] = [mm(210), mm(297)];
export const A6_SIZE: [number, number] = [mm(105), mm(148)];

/** A number as PDF content: a thousandth of a point is far below any printer's dot. */
const n = (value: number) => String(Math.round(value * 1000) / 1000);
/** A scale factor: six decimals, so that tens of modules add up to well under a thousandth of a point. */
const exact = (value: number) => String(Math.round(value * 1e6) / 1e6);

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line of text fitted into a width and encoded in a document's font. */
interface SetLine {
  size: number;
  /** The glyphs as a PDF hex string. */
  glyphs: string;
  /** The width of the fitted text at `size`, points. */
  width: number;
}

/**
 * Lines already set, per document font: a batch of labels repeats many (the sender's lines, the
 * product, the partner, the date), and each is then fitted and encoded once. Per font, so per
 * document: the glyph codes belong to the document's font subset.
 */
const setLines = new WeakMap<PDFFont, Map<string, SetLine>>();

function setLine(line: string, style: TextStyle, width: number | undefined): SetLine {
  let lines = setLines.get(style.font);
  if (!lines) {
    lines = new Map();
    setLines.set(style.font, lines);
  }
  const key = `${width ?? ''}|${style.size}|${style.minSize ?? ''}|${line}`;
  let set = lines.get(key);
  if (!set) {
    const fitted = width === undefined ? { text: line, size: style.size } : fitText(line, width, style);
    set = { size: fitted.size, glyphs: encodeText(fitted.text, style.font), width: textWidth(fitted.text, style.font, fitted.size) };
    if (lines.size >= 50_000) lines.clear();
    lines.set(key, set);
  }
  return set;
}

/** Drawing operators collected as text; a page or a Form XObject says where they go. */
export abstract class Canvas {
  protected readonly ops: string[] = [];
  private readonly fontNames = new Map<PDFFont, string>();

  /** Fills the rectangles (bottom-left corner, width, height) as one path: no seams between neighbours. */
  fillRects(rects: readonly Rect[], gray = 0): void {
    if (rects.length === 0) return;
    this.ops.push(`${n(gray)} g`);
    for (const r of rects) this.ops.push(`${n(r.x)} ${n(r.y)} ${n(r.width)} ${n(r.height)} re`);
    this.ops.push('f');
  }

  /**
   * Fills cells of a grid as one path: `cells` is a path of `x y width height re` operators in grid
   * units (whole numbers: short operators), the grid's unit is `unitX` by `unitY` points and its
   * origin (bottom-left) is at (`x`, `y`). The barcodes: a module is one unit, so a symbol's
   * geometry is exact whatever its scale.
   */
  fillGrid(cells: string, x: number, y: number, unitX: number, unitY: number, gray = 0): void {
    if (!cells) return;
    this.ops.push(`q ${exact(unitX)} 0 0 ${exact(unitY)} ${n(x)} ${n(y)} cm ${n(gray)} g\n${cells}f Q`);
  }

  /** Outlines a rectangle with its stroke centred on the edges. */
  strokeRect(r: Rect, lineWidth: number, gray = 0): void {
    this.ops.push(`${n(gray)} G ${n(lineWidth)} w [] 0 d ${n(r.x)} ${n(r.y)} ${n(r.width)} ${n(r.height)} re S`);
  }

  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, options: { gray?: number; dash?: number } = {}): void {
    const dash = options.dash ? `[${n(options.dash)} ${n(options.dash)}] 0 d` : '[] 0 d';
    this.ops.push(`${n(options.gray ?? 0)} G ${n(lineWidth)} w ${dash} ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }

  /**
   * One line of text with its baseline at `y`. With `width`, it is fitted into the box that starts at
   * `x` (shrunk, then cut) and aligned in it; without, `x` anchors the alignment. Answers the size used.
   */
  text(value: string, x: number, y: number, style: TextStyle, width?: number): number {
    const line = oneLine(value);
    if (!line) return style.size;
    const set = setLine(line, style, width);
    const align = style.align ?? 'left';
    const slack = align === 'left' ? 0 : (width ?? 0) - set.width;
    const left = x + (align === 'center' ? slack / 2 : slack);
    this.ops.push(`${n(style.gray ?? 0)} g BT ${this.fontName(style.font)} ${n(set.size)} Tf 1 0 0 1 ${n(left)} ${n(y)} Tm ${set.glyphs} Tj ET`);
    return set.size;
  }

  /** The operators so far as one compressed stream's bytes; the canvas is then empty. */
  protected compressed(): Buffer {
    const content = deflateSync(Buffer.from(this.ops.join('\n'), 'latin1'), { level: DEFLATE_LEVEL });
    this.ops.length = 0;
    // zlib answers a view of its 16 KB output chunk; a page's few kilobytes copied out let the
    // chunk go (1,000 labels kept 4 MB of chunks for 0.8 MB of content).
    return Buffer.from(content);
  }

  /**
   * The resource name of `font` (`/F1`, `/F2`: short, as every line of text repeats it; pdf-lib's
   * own names carry a ten-digit random suffix), registered on first use.
   */
  private fontName(font: PDFFont): string {
    let name = this.fontNames.get(font);
    if (!name) {
      const key = `F${this.fontNames.size + 1}`;
      this.registerFont(key, font);
      name = `/${key}`;
      this.fontNames.set(font, name);
    }
    return name;
  }

  /** Adds `font` to the resources the operators are drawn with, as `key`. */
  protected abstract registerFont(key: string, font: PDFFont): void;
}

/** A page's drawing: one content stream. */
export class PageCanvas extends Canvas {
  private readonly formNames = new Map<PDFRef, string>();

  constructor(readonly page: PDFPage) {
    super();
  }

  /** Draws a Form XObject (see FormCanvas) with its origin at (`x`, `y`). */
  drawForm(form: PDFRef, x: number, y: number): void {
    let name = this.formNames.get(form);
    if (!name) {
      const key = `X${this.formNames.size + 1}`;
      this.page.node.setXObject(PDFName.of(key), form);
      name = `/${key}`;
      this.formNames.set(form, name);
    }
    this.ops.push(`q 1 0 0 1 ${n(x)} ${n(y)} cm ${name} Do Q`);
  }

  /** Writes the drawing into the page as one compressed content stream; the canvas is then spent. */
  finish(): void {
    if (this.ops.length === 0) return;
    const { context } = this.page.doc;
    this.page.node.addContentStream(context.register(context.stream(this.compressed(), { Filter: 'FlateDecode' })));
  }

  protected registerFont(key: string, font: PDFFont): void {
    // A new page's resources are empty, so the short names are free.
    this.page.node.setFontDictionary(PDFName.of(key), font.ref);
  }
}

/**
 * A drawing made once and placed many times (a Form XObject): what every label of a document
 * shares (frames, rules, captions) is written once, not once per label.
 */
export class FormCanvas extends Canvas {
  private readonly fonts: PDFDict;

  constructor(
    private readonly doc: PDFDocument,
    private readonly width: number,
    private readonly height: number,
  ) {
    super();
    this.fonts = PDFDict.withContext(doc.context);
  }

  /** Registers the drawing in the document; answers its reference for PageCanvas.drawForm. */
  finish(): PDFRef {
    const { context } = this.doc;
    const resources = context.obj({ Font: this.fonts });
    const form = context.stream(this.compressed(), { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, this.width, this.height], Resources: resources, Filter: 'FlateDecode' });
    return context.register(form);
  }

  protected registerFont(key: string, font: PDFFont): void {
    this.fonts.set(PDFName.of(key), font.ref);
  }
}

/**
 * Drawing in millimetres measured from a top-left corner (of a page, or of a label on a sheet), as
 * layouts are designed; PDF's own origin is the bottom-left corner, in points.
 */
export class MmPen {
  constructor(
    readonly canvas: Canvas,
    private readonly left: number,
    private readonly top: number,
  ) {}

  x(fromLeft: number): number {
    return this.left + mm(fromLeft);
  }

  y(fromTop: number): number {
    return this.top - mm(fromTop);
  }

  fill(x: number, y: number, width: number, height: number, gray = 0): void {
    this.canvas.fillRects([{ x: this.x(x), y: this.y(y + height), width: mm(width), height: mm(height) }], gray);
  }

  /** A rectangle outline, `lineWidth` in points. */
  frame(x: number, y: number, width: number, height: number, lineWidth: number): void {
    this.canvas.strokeRect({ x: this.x(x), y: this.y(y + height), width: mm(width), height: mm(height) }, lineWidth);
  }

  /** A line, `lineWidth` in points. */
  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, options: { gray?: number; dash?: number } = {}): void {
    this.canvas.line(this.x(x1), this.y(y1), this.x(x2), this.y(y2), lineWidth, options);
  }

  /** Text with its baseline `baseline` mm from the top, fitted into `width` mm from `x`. */
  text(value: string, x: number, baseline: number, width: number, style: TextStyle): void {
    this.canvas.text(value, this.x(x), this.y(baseline), style, mm(width));
  }
}
