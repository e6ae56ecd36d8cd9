// A page's drawing written straight into a PDF content stream: rectangles, lines and lines of text
// as operator text, compressed by Node's zlib when the page is finished. pdf-lib's drawing API
// builds an object per operator and per number and deflates with pako: about 2 of the 5 seconds
// 1,000 labels may take. pdf-lib still does the rest: pages, embedded font subsets, the file.
import { deflateSync } from 'node:zlib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { fitText, oneLine, textWidth, type TextStyle } from './fonts.ts';

/** Millimetres in PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

/** Page sizes in points, portrait. */
export const A4_SIZE: [number, number] = [mm(210), mm(297)];
export const A6_SIZE: [number, number] = [mm(105), mm(148)];

/** A number as PDF content: a thousandth of a point is far below any printer's dot. */
const n = (value: number) => String(Math.round(value * 1000) / 1000);

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class PageCanvas {
  private readonly ops: string[] = [];
  private readonly fontNames = new Map<PDFFont, string>();

  constructor(readonly page: PDFPage) {}

  /** Fills the rectangles (bottom-left corner, width, height) as one path: no seams between neighbours. */
  fillRects(rects: readonly Rect[], gray = 0): void {
    if (rects.length === 0) return;
    this.ops.push(`${n(gray)} g`);
    for (const r of rects) this.ops.push(`${n(r.x)} ${n(r.y)} ${n(r.width)} ${n(r.height)} re`);
    this.ops.push('f');
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
    const fitted = width === undefined ? { text: line, size: style.size } : fitText(line, width, style);
    const align = style.align ?? 'left';
    const room = width ?? 0;
    const slack = align === 'left' ? 0 : room - textWidth(fitted.text, style.font, fitted.size);
    const left = x + (align === 'center' ? slack / 2 : slack);
    const glyphs = style.font.encodeText(fitted.text).toString();
    this.ops.push(`${n(style.gray ?? 0)} g BT ${this.fontName(style.font)} ${n(fitted.size)} Tf 1 0 0 1 ${n(left)} ${n(y)} Tm ${glyphs} Tj ET`);
    return fitted.size;
  }

  /** Writes the drawing into the page as one compressed content stream; the canvas is then spent. */
  finish(): void {
    if (this.ops.length === 0) return;
    const { context } = this.page.doc;
    const content = deflateSync(Buffer.from(this.ops.join('\n'), 'latin1'));
    this.page.node.addContentStream(context.register(context.stream(content, { Filter: 'FlateDecode' })));
    this.ops.length = 0;
  }

  /** The page's resource name of `font`, registered on first use. */
  private fontName(font: PDFFont): string {
    let name = this.fontNames.get(font);
    if (!name) {
      name = this.page.node.newFontDictionary(font.name, font.ref).toString();
      this.fontNames.set(font, name);
    }
    return name;
  }
}

/**
 * Drawing in millimetres measured from a top-left corner (of a page, or of a label on a sheet), as
 * layouts are designed; PDF's own origin is the bottom-left corner, in points.
 */
export class MmPen {
  constructor(
    readonly canvas: PageCanvas,
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
