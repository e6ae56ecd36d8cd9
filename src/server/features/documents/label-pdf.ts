// Shipping labels as PDF: A6 (105 x 148 mm), one per page, four per A4 sheet, or one per 100 x 150
// mm page for thermal printers driven by a PDF driver. What a label holds and where is
// label-layout.ts; this file draws it into PDF content (pdf-canvas.ts) through a pen in millimetres.
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { code128, drawCode128, drawQrCode, qrCode } from './barcodes.ts';
import type { LabelCaptions, LabelData, LabelLayout } from './document-types.ts';
import { embedFonts, type FontPair, type TextStyle } from './fonts.ts';
import { A6_LABEL, drawLabel, drawLabelFrame, labelQrPayload, LABEL_DESIGN_HEIGHT, THERMAL_LABEL, type LabelPen } from './label-layout.ts';
import { A4_SIZE, A6_SIZE, FormCanvas, mm, MmPen, PageCanvas, type Canvas } from './pdf-canvas.ts';

export { labelQrPayload };

/** The PDF's pen: millimetres from a label's top-left corner on a page or a sheet. */
class PdfLabelPen implements LabelPen<PDFFont> {
  private readonly pen: MmPen;

  constructor(
    canvas: Canvas,
    left: number,
    top: number,
    readonly fonts: FontPair,
  ) {
    this.pen = new MmPen(canvas, left, top);
  }

  fill(x: number, y: number, width: number, height: number): void {
    this.pen.fill(x, y, width, height);
  }

  frame(x: number, y: number, width: number, height: number, lineWidth: number): void {
    this.pen.frame(x, y, width, height, lineWidth);
  }

  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number): void {
    this.pen.line(x1, y1, x2, y2, lineWidth);
  }

  text(value: string, x: number, baseline: number, width: number, style: TextStyle): void {
    this.pen.text(value, x, baseline, width, style);
  }

  qr(...[symbol, x, top, size]: Parameters<LabelPen<PDFFont>['qr']>): void {
    drawQrCode(this.pen.canvas, symbol, this.pen.x(x), this.pen.y(top + size), mm(size));
  }

  code128(...[symbol, box]: Parameters<LabelPen<PDFFont>['code128']>): void {
    drawCode128(this.pen.canvas, symbol, {
      x: this.pen.x(box.x),
      width: mm(box.width),
      bottom: this.pen.y(box.top + box.height),
      height: mm(box.height),
      module: mm(box.module),
      text: { style: box.text.style, gap: mm(box.text.gap) },
    });
  }
}

/** 100 x 150 mm in points. */
const THERMAL_SIZE: [number, number] = [mm(THERMAL_LABEL.width), mm(THERMAL_LABEL.height)];

/**
 * Labels in the order given: each on its own A6 or 100 x 150 mm page, or four per A4 sheet from
 * quarter `start`.
 */
export async function renderLabels(labels: readonly LabelData[], layout: LabelLayout, captions: LabelCaptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const label = layout.kind === '100x150' ? THERMAL_LABEL : A6_LABEL;
  const [pageWidth, pageHeight] = layout.kind === '100x150' ? THERMAL_SIZE : A6_SIZE;
  // A label taller than the design centres it.
  const designTop = pageHeight - mm((label.height - LABEL_DESIGN_HEIGHT) / 2);
  const frameCanvas = new FormCanvas(doc, pageWidth, pageHeight);
  drawLabelFrame(new PdfLabelPen(frameCanvas, 0, designTop, fonts), label.width, captions);
  const frame = frameCanvas.finish();
  let sheet: PageCanvas | undefined;
  labels.forEach((data, i) => {
    const symbols = { tracking: code128(data.trackingNumber), qr: qrCode(labelQrPayload(data)) };
    if (layout.kind !== 'A4') {
      const canvas = new PageCanvas(doc.addPage([pageWidth, pageHeight]));
      canvas.drawForm(frame, 0, 0);
      drawLabel(new PdfLabelPen(canvas, 0, designTop, fonts), label.width, data, symbols, captions);
      canvas.finish();
      return;
    }
    // Quarters in reading order: top-left, top-right, bottom-left, bottom-right.
    const quarter = (i + layout.start - 1) % 4;
    if (!sheet || quarter === 0) {
      sheet?.finish();
      sheet = newSheet(doc);
    }
    const left = (quarter % 2) * (A4_SIZE[0] / 2);
    const top = quarter < 2 ? A4_SIZE[1] : A4_SIZE[1] / 2;
    sheet.drawForm(frame, left, top - A6_SIZE[1]);
    drawLabel(new PdfLabelPen(sheet, left, top, fonts), label.width, data, symbols, captions);
  });
  sheet?.finish();
  doc.setTitle('Shipping labels');
  doc.setCreator('Parcel Portal');
  return doc.save();
}

/** A blank A4 sheet with light dashed cut lines between its quarters. */
function newSheet(doc: PDFDocument): PageCanvas {
  const canvas = new PageCanvas(doc.addPage(A4_SIZE));
  const [width, height] = A4_SIZE;
  canvas.line(width / 2, 0, width / 2, height, 0.4, { gray: 0.6, dash: 3 });
  canvas.line(0, height / 2, width, height / 2, 0.4, { gray: 0.6, dash: 3 });
  return canvas;
}
