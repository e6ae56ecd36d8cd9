// Shipping labels: A6 (105 x 148 mm), one per page, or four per A4 sheet. The recipient and the
// barcode dominate; cash on delivery is white on black so nobody hands a COD parcel over unpaid.
// Every text is fitted into its box (shrunk, then cut), so no data can run off a label.
import { PDFDocument } from 'pdf-lib';
import { code128, drawCode128, drawQrCode, qrCode, type Code128Symbol, type QrSymbol } from './barcodes.ts';
import type { LabelCaptions, LabelData, LabelLayout, PostalAddress } from './document-types.ts';
import { embedFonts, fitText, oneLine, wrapText, type DocumentFonts, type TextStyle } from './fonts.ts';
import { A4_SIZE, A6_SIZE, FormCanvas, mm, MmPen, PageCanvas } from './pdf-canvas.ts';
import { printAmount, printDate, printWeight } from './print-format.ts';

/** Code128 narrowest bar: 0.375 mm is 3 dots of a 203 dpi label printer, 4.4 of a 300 dpi one. */
const BARCODE_MODULE_MM = 0.375;
const BARCODE_HEIGHT_MM = 16;
/** The QR code's square, its 4-module quiet zone included (about 0.6 mm modules). */
const QR_SIZE_MM = 20;

/** Label geometry in millimetres from the label's top-left corner. */
const MARGIN = 5;
const INNER = 105 - 2 * MARGIN;
const RIGHT = 105 - MARGIN;

/** DejaVu's capital height per point of size, to centre capitals in boxes. */
const CAP_HEIGHT = 0.73;
/** The baseline (mm from the top) that centres capitals of `size` points on `centre`. */
const capsCentredOn = (centre: number, size: number) => centre + (size * CAP_HEIGHT * 25.4) / 72 / 2;

/**
 * The QR code's text: tracking number, destination country and postal code without spaces, e.g.
 * `RR123456785SK|CZ|69201`, so a depot scanner can sort without a lookup.
 */
export function labelQrPayload(label: LabelData): string {
  return [label.trackingNumber, label.recipient.country, label.recipient.postalCode.replace(/\s+/g, '')].map(oneLine).join('|').toUpperCase();
}

const joined = (separator: string, ...values: Array<string | null | undefined>) =>
  values
    .map(oneLine)
    .filter((v) => v.length > 0)
    .join(separator);

const streetLine = (address: PostalAddress) => joined(' ', address.street, address.number);
const phoneLine = (phone: string | null | undefined) => (oneLine(phone) ? `☎ ${oneLine(phone)}` : '');

interface LabelSymbols {
  tracking: Code128Symbol;
  qr: QrSymbol;
}

/**
 * What every label of a document shares, drawn once into a Form XObject that each label places:
 * the header's black box, the rules, the recipient's frame and country box, the grid of facts and
 * every caption. Variable text is drawn over it (the product code and country in white).
 */
function drawLabelFrame(pen: MmPen, captions: LabelCaptions, fonts: DocumentFonts): void {
  const caption: TextStyle = { font: fonts.bold, size: 6, gray: 0.35 };
  pen.fill(MARGIN, MARGIN, 19, 10);
  pen.text(captions.parcels, 76, 7.4, RIGHT - 76, { ...caption, align: 'right' });
  pen.line(MARGIN, 16.8, RIGHT, 16.8, 1.2);
  pen.text(captions.from, MARGIN, 20.4, SENDER_WIDTH, caption);

  pen.frame(MARGIN, RECIPIENT_TOP, INNER, RECIPIENT_HEIGHT, 1.4);
  pen.fill(RIGHT - 15, RECIPIENT_TOP, 15, 9);
  pen.text(captions.to, RECIPIENT_X, RECIPIENT_TOP + 4, RECIPIENT_WIDTH - 15, { font: fonts.bold, size: 7, gray: 0.35 });

  pen.frame(MARGIN, GRID_TOP, INNER, 18, 0.6);
  pen.line(MARGIN, GRID_TOP + 9, RIGHT, GRID_TOP + 9, 0.6);
  pen.line(MARGIN + CELL, GRID_TOP, MARGIN + CELL, GRID_TOP + 18, 0.6);
  pen.line(MARGIN + 2 * CELL, GRID_TOP, MARGIN + 2 * CELL, GRID_TOP + 9, 0.6);
  for (const fact of FACTS) {
    const { x, y, width } = factCell(fact);
    pen.text(fact.caption(captions), x, y + 3, width, { ...caption, size: 5.5 });
  }
}

/** The grid of facts: two rows of three cells, the partner spanning two. */
interface Fact {
  caption: (captions: LabelCaptions) => string;
  value: (label: LabelData) => string;
  column: number;
  row: number;
  span: number;
}
const GRID_TOP = 88;
const CELL = INNER / 3;
const FACTS: Fact[] = [
  { caption: (c) => c.weight, value: (l) => `${printWeight(l.weightKg)} kg`, column: 0, row: 0, span: 1 },
  { caption: (c) => c.date, value: (l) => printDate(l.date), column: 1, row: 0, span: 1 },
  { caption: (c) => c.item, value: (l) => l.itemNumber, column: 2, row: 0, span: 1 },
  { caption: (c) => c.reference, value: (l) => l.referenceNumber ?? '–', column: 0, row: 1, span: 1 },
  { caption: (c) => c.partner, value: (l) => l.partnerName ?? '–', column: 1, row: 1, span: 2 },
];
const factCell = ({ column, row, span }: Fact) => ({ x: MARGIN + column * CELL + 1.5, y: GRID_TOP + row * 9, width: CELL * span - 3 });

const SENDER_WIDTH = RIGHT - QR_SIZE_MM - 1 - MARGIN;
const RECIPIENT_TOP = 40;
const RECIPIENT_HEIGHT = 46;
const RECIPIENT_X = MARGIN + 2.2;
const RECIPIENT_WIDTH = INNER - 4.4;

/** One label's own data over the frame (placed by the caller). */
function drawLabel(pen: MmPen, label: LabelData, symbols: LabelSymbols, captions: LabelCaptions, fonts: DocumentFonts): void {
  const { regular, bold } = fonts;

  // Header: product code inverted, product and delivery method, parcel n/m.
  pen.text(label.product.code, MARGIN + 1, capsCentredOn(MARGIN + 5, 17), 17, { font: bold, size: 17, minSize: 8, gray: 1, align: 'center' });
  pen.text(label.product.name, 27, 9.4, 47, { font: bold, size: 11, minSize: 7 });
  pen.text(label.deliveryMethod, 27, 14, 47, { font: regular, size: 8, minSize: 6 });
  pen.text(`${label.parcel.index}/${label.parcel.count}`, 76, 14.4, RIGHT - 76, { font: bold, size: 16, minSize: 9, align: 'right' });

  // Sender, small, beside the QR code.
  drawQrCode(pen.canvas, symbols.qr, pen.x(RIGHT - QR_SIZE_MM), pen.y(17.6 + QR_SIZE_MM), mm(QR_SIZE_MM));
  const small: TextStyle = { font: regular, size: 7.5, minSize: 6 };
  const from = label.sender;
  const senderLines: Array<[string, TextStyle]> = [
    [from.name, { font: bold, size: 8, minSize: 6 }],
    [from.contact ?? '', small],
    [joined(', ', streetLine(from), from.line2), small],
    [joined(', ', joined(' ', from.postalCode, from.city), from.country), small],
    [phoneLine(from.phone), small],
  ];
  let baseline = 20.4;
  for (const [value, style] of senderLines.filter(([v]) => oneLine(v))) {
    baseline += 3.25;
    pen.text(value, MARGIN, baseline, SENDER_WIDTH, style);
  }

  drawRecipient(pen, label.recipient, fonts);

  // Facts: the values in the frame's captioned cells.
  for (const fact of FACTS) {
    const { x, y, width } = factCell(fact);
    pen.text(fact.value(label), x, y + 7.4, width, { font: bold, size: 9.5, minSize: 6 });
  }

  // Cash on delivery (white on black) and the fragile mark.
  const flagsTop = 108;
  const codWidth = label.fragile ? 64 : INNER;
  if (label.cod) {
    pen.fill(MARGIN, flagsTop, codWidth, 12);
    pen.text(captions.cod, MARGIN + 2, flagsTop + 7.6, 16, { font: bold, size: 10, minSize: 6, gray: 1 });
    const amount = `${printAmount(label.cod.amount)} ${oneLine(label.cod.currency)}`;
    pen.text(amount, MARGIN + 14, flagsTop + 8.6, codWidth - 16, { font: bold, size: 19, minSize: 9, gray: 1, align: 'right' });
  }
  if (label.fragile) {
    const x = label.cod ? MARGIN + codWidth + 2 : MARGIN;
    pen.frame(x + 0.4, flagsTop + 0.4, RIGHT - x - 0.8, 11.2, 2.2);
    pen.text(`⚠ ${oneLine(captions.fragile)}`, x + 2.5, flagsTop + 8.1, RIGHT - x - 5, { font: bold, size: 13, minSize: 6, align: 'center' });
  }

  // Tracking number: Code128 across the foot of the label, its characters beneath.
  drawCode128(pen.canvas, symbols.tracking, {
    x: pen.x(MARGIN),
    width: mm(INNER),
    bottom: pen.y(138.2),
    height: mm(BARCODE_HEIGHT_MM),
    module: mm(BARCODE_MODULE_MM),
    text: { style: { font: bold, size: 10.5, minSize: 7 }, gap: mm(3.8) },
  });
}

/** The recipient: the largest block, in the frame's box, the destination country inverted in its corner. */
function drawRecipient(pen: MmPen, to: PostalAddress, { regular, bold }: DocumentFonts): void {
  const top = RECIPIENT_TOP;
  const height = RECIPIENT_HEIGHT;
  pen.text(to.country, RIGHT - 15, capsCentredOn(top + 4.5, 15), 15, { font: bold, size: 15, minSize: 8, gray: 1, align: 'center' });
  const x = RECIPIENT_X;
  const width = RECIPIENT_WIDTH;
  const besideCountry = width - 15;
  const name: TextStyle = { font: bold, size: 14, minSize: 8 };
  const lines: Array<{ lead: number; value: string; style: TextStyle; width: number }> = [
    { lead: 6.2, value: to.name, style: name, width: besideCountry },
    { lead: 5, value: to.contact ?? '', style: { font: regular, size: 10, minSize: 7 }, width },
    { lead: 5.4, value: streetLine(to), style: { font: regular, size: 11, minSize: 7 }, width },
    { lead: 4.8, value: to.line2 ?? '', style: { font: regular, size: 10, minSize: 7 }, width },
    { lead: 7.4, value: joined(' ', to.postalCode, to.city), style: { font: bold, size: 16, minSize: 9 }, width },
    { lead: 4.6, value: joined(', ', to.region, to.country), style: { font: regular, size: 9, minSize: 7 }, width },
  ].filter((l) => oneLine(l.value));
  // A name too long for one line at 11 pt takes two lines at 11 pt, when the block has room for them.
  const phoneBaseline = top + height - 2.4;
  const lastBaseline = top + 4 + lines.reduce((sum, l) => sum + l.lead, 0);
  const room = phoneBaseline - (oneLine(to.phone) ? 4.6 : 0) - lastBaseline;
  const twoLines = { ...name, size: 11, minSize: 11 };
  if (room >= 3.8 && fitText(oneLine(to.name), mm(besideCountry), twoLines).text !== oneLine(to.name)) {
    const [first = '', rest = ''] = wrapText(to.name, mm(besideCountry), twoLines, 2);
    lines.splice(0, 1, { lead: 5.4, value: first, style: twoLines, width: besideCountry }, { lead: 4.6, value: rest, style: { ...twoLines, minSize: 8 }, width: besideCountry });
  }
  let baseline = top + 4;
  for (const line of lines) {
    baseline += line.lead;
    pen.text(line.value, x, baseline, line.width, line.style);
  }
  pen.text(phoneLine(to.phone), x, phoneBaseline, width, { font: regular, size: 10, minSize: 7 });
}

/** Labels in the order given: each on its own A6 page, or four per A4 sheet from quarter `start`. */
export async function renderLabels(labels: readonly LabelData[], layout: LabelLayout, captions: LabelCaptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const frameCanvas = new FormCanvas(doc, A6_SIZE[0], A6_SIZE[1]);
  drawLabelFrame(new MmPen(frameCanvas, 0, A6_SIZE[1]), captions, fonts);
  const frame = frameCanvas.finish();
  let sheet: PageCanvas | undefined;
  labels.forEach((label, i) => {
    const symbols = { tracking: code128(label.trackingNumber), qr: qrCode(labelQrPayload(label)) };
    if (layout.kind === 'A6') {
      const canvas = new PageCanvas(doc.addPage(A6_SIZE));
      canvas.drawForm(frame, 0, 0);
      drawLabel(new MmPen(canvas, 0, A6_SIZE[1]), label, symbols, captions, fonts);
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
    drawLabel(new MmPen(sheet, left, top), label, symbols, captions, fonts);
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
