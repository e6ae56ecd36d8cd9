// What a shipping label prints and where (issue 33): one description that every renderer draws
// through its own pen, so the A6 and 100×150 mm PDFs and the ZPL of a thermal printer never drift.
// Millimetres from the label's top-left corner, in a design 148 mm tall whose width is the
// label's (105 mm for A6, 100 mm for thermal labels); a taller label centres it. The recipient
// and the barcode dominate; cash on delivery is white on black so nobody hands a COD parcel over
// unpaid. Every text is fitted into its box (shrunk, then cut), so no data can run off a label.
import type { Code128Symbol, QrSymbol } from './barcodes.ts';
import type { LabelCaptions, LabelData, PostalAddress } from './document-types.ts';
import { fitText, oneLine, wrapText, type FontPair, type MeasuredFont, type TextStyle } from './fonts.ts';
import { printAmount, printDate, printWeight } from './print-format.ts';

/** The design's height: content ends above it; a taller label adds the difference around it. */
export const LABEL_DESIGN_HEIGHT = 148;

/** Label sizes in millimetres. */
export const A6_LABEL = { width: 105, height: 148 } as const;
/** 100×150 mm, the thermal label of European carriers; the design also fits 4×6 in (101.6×152.4). */
export const THERMAL_LABEL = { width: 100, height: 150 } as const;
export type LabelSize = { readonly width: number; readonly height: number };

/** Code128 narrowest bar: 0.375 mm is 3 dots of a 203 dpi label printer, 4.5 of a 300 dpi one. */
export const BARCODE_MODULE_MM = 0.375;
const BARCODE_HEIGHT_MM = 16;
/** The QR code's square, its 4-module quiet zone included (about 0.6 mm modules). */
const QR_SIZE_MM = 20;
const MARGIN = 5;

/** DejaVu's capital height per point of size, to centre capitals in boxes. */
const CAP_HEIGHT = 0.73;
/** The baseline (mm from the top) that centres capitals of `size` points on `centre`. */
const capsCentredOn = (centre: number, size: number) => centre + (size * CAP_HEIGHT * 25.4) / 72 / 2;

/** The box of a Code128 symbol, millimetres; the pen centres the symbol in it. */
export interface BarcodeBox<F extends MeasuredFont> {
  x: number;
  width: number;
  top: number;
  height: number;
  /** Preferred narrowest bar; narrowed to fit the box with its quiet zones, never widened. */
  module: number;
  /** The characters under the bars: their style and the gap from the bars' foot to their baseline. */
  text: { gap: number; style: TextStyle<F> };
}

/**
 * What a renderer draws with, in millimetres from the label's top-left corner. Everything is black
 * but text whose `gray` is above one half: white, on a black fill drawn before it.
 */
export interface LabelPen<F extends MeasuredFont> {
  readonly fonts: FontPair<F>;
  fill(x: number, y: number, width: number, height: number): void;
  /** A rectangle's outline, its stroke (points wide) centred on the edges. */
  frame(x: number, y: number, width: number, height: number, lineWidth: number): void;
  /** A horizontal or vertical line, `lineWidth` points wide. */
  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number): void;
  /** One line of text, its baseline `baseline` mm from the top, fitted into `width` mm from `x`. */
  text(value: string, x: number, baseline: number, width: number, style: TextStyle<F>): void;
  /** The QR code filling the square at (`x`, `top`), its quiet zone inside. */
  qr(symbol: QrSymbol, x: number, top: number, size: number): void;
  code128(symbol: Code128Symbol, box: BarcodeBox<F>): void;
}

export interface LabelSymbols {
  tracking: Code128Symbol;
  qr: QrSymbol;
}

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

/** Where things go on a label of this width (the design's fixed points, from both edges). */
interface Geometry {
  right: number;
  inner: number;
  cell: number;
  senderWidth: number;
  parcelsX: number;
  productWidth: number;
  /** The COD box's width beside the fragile mark. */
  codBesideFragile: number;
}

const geometries = new Map<number, Geometry>();
function geometryOf(width: number): Geometry {
  let g = geometries.get(width);
  if (!g) {
    const right = width - MARGIN;
    const inner = width - 2 * MARGIN;
    g = { right, inner, cell: inner / 3, senderWidth: right - QR_SIZE_MM - 1 - MARGIN, parcelsX: right - 24, productWidth: right - 24 - 2 - PRODUCT_X, codBesideFragile: inner - 31 };
    geometries.set(width, g);
  }
  return g;
}

const PRODUCT_X = 27;
const SENDER_TOP = 20.4;
const RECIPIENT_TOP = 40;
const RECIPIENT_HEIGHT = 46;
const RECIPIENT_X = MARGIN + 2.2;
const GRID_TOP = 88;
const FLAGS_TOP = 108;
const BARCODE_FOOT = 138.2;

/** The grid of facts: two rows of three cells, the partner spanning two. */
interface Fact {
  caption: (captions: LabelCaptions) => string;
  value: (label: LabelData) => string;
  column: number;
  row: number;
  span: number;
}
const FACTS: Fact[] = [
  { caption: (c) => c.weight, value: (l) => `${printWeight(l.weightKg)} kg`, column: 0, row: 0, span: 1 },
  { caption: (c) => c.date, value: (l) => printDate(l.date), column: 1, row: 0, span: 1 },
  { caption: (c) => c.item, value: (l) => l.itemNumber, column: 2, row: 0, span: 1 },
  { caption: (c) => c.reference, value: (l) => l.referenceNumber ?? '–', column: 0, row: 1, span: 1 },
  { caption: (c) => c.partner, value: (l) => l.partnerName ?? '–', column: 1, row: 1, span: 2 },
];
const factCell = (g: Geometry, { column, row, span }: Fact) => ({ x: MARGIN + column * g.cell + 1.5, y: GRID_TOP + row * 9, width: g.cell * span - 3 });

/**
 * What every label of a document shares: the header's black box, the rules, the recipient's frame
 * and country box, the grid of facts and every caption. A renderer may draw it once and place it
 * under each label (the PDF's Form XObject); the label's own data is drawn over it.
 */
export function drawLabelFrame<F extends MeasuredFont>(pen: LabelPen<F>, width: number, captions: LabelCaptions): void {
  const g = geometryOf(width);
  const caption: TextStyle<F> = { font: pen.fonts.bold, size: 6, gray: 0.35 };
  pen.fill(MARGIN, MARGIN, 19, 10);
  pen.text(captions.parcels, g.parcelsX, 7.4, g.right - g.parcelsX, { ...caption, align: 'right' });
  pen.line(MARGIN, 16.8, g.right, 16.8, 1.2);
  pen.text(captions.from, MARGIN, SENDER_TOP, g.senderWidth, caption);

  pen.frame(MARGIN, RECIPIENT_TOP, g.inner, RECIPIENT_HEIGHT, 1.4);
  pen.fill(g.right - 15, RECIPIENT_TOP, 15, 9);
  pen.text(captions.to, RECIPIENT_X, RECIPIENT_TOP + 4, g.inner - 4.4 - 15, { font: pen.fonts.bold, size: 7, gray: 0.35 });

  pen.frame(MARGIN, GRID_TOP, g.inner, 18, 0.6);
  pen.line(MARGIN, GRID_TOP + 9, g.right, GRID_TOP + 9, 0.6);
  pen.line(MARGIN + g.cell, GRID_TOP, MARGIN + g.cell, GRID_TOP + 18, 0.6);
  pen.line(MARGIN + 2 * g.cell, GRID_TOP, MARGIN + 2 * g.cell, GRID_TOP + 9, 0.6);
  for (const fact of FACTS) {
    const { x, y, width: cellWidth } = factCell(g, fact);
    pen.text(fact.caption(captions), x, y + 3, cellWidth, { ...caption, size: 5.5 });
  }
}

/** One label's own data, over the frame. */
export function drawLabel<F extends MeasuredFont>(pen: LabelPen<F>, width: number, label: LabelData, symbols: LabelSymbols, captions: LabelCaptions): void {
  const g = geometryOf(width);
  const { regular, bold } = pen.fonts;

  // Header: product code inverted, product and delivery method, parcel n/m.
  pen.text(label.product.code, MARGIN + 1, capsCentredOn(MARGIN + 5, 17), 17, { font: bold, size: 17, minSize: 8, gray: 1, align: 'center' });
  pen.text(label.product.name, PRODUCT_X, 9.4, g.productWidth, { font: bold, size: 11, minSize: 7 });
  pen.text(label.deliveryMethod, PRODUCT_X, 14, g.productWidth, { font: regular, size: 8, minSize: 6 });
  pen.text(`${label.parcel.index}/${label.parcel.count}`, g.parcelsX, 14.4, g.right - g.parcelsX, { font: bold, size: 16, minSize: 9, align: 'right' });

  // Sender, small, beside the QR code.
  pen.qr(symbols.qr, g.right - QR_SIZE_MM, 17.6, QR_SIZE_MM);
  const small: TextStyle<F> = { font: regular, size: 7.5, minSize: 6 };
  const from = label.sender;
  const senderLines: Array<[string, TextStyle<F>]> = [
    [from.name, { font: bold, size: 8, minSize: 6 }],
    [from.contact ?? '', small],
    [joined(', ', streetLine(from), from.line2), small],
    [joined(', ', joined(' ', from.postalCode, from.city), from.country), small],
    [phoneLine(from.phone), small],
  ];
  let baseline = SENDER_TOP;
  for (const [value, style] of senderLines.filter(([v]) => oneLine(v))) {
    baseline += 3.25;
    pen.text(value, MARGIN, baseline, g.senderWidth, style);
  }

  drawRecipient(pen, g, label.recipient);

  // Facts: the values in the frame's captioned cells.
  for (const fact of FACTS) {
    const { x, y, width: cellWidth } = factCell(g, fact);
    pen.text(fact.value(label), x, y + 7.4, cellWidth, { font: bold, size: 9.5, minSize: 6 });
  }

  // Cash on delivery (white on black) and the fragile mark.
  const codWidth = label.fragile ? g.codBesideFragile : g.inner;
  if (label.cod) {
    pen.fill(MARGIN, FLAGS_TOP, codWidth, 12);
    pen.text(captions.cod, MARGIN + 2, FLAGS_TOP + 7.6, 16, { font: bold, size: 10, minSize: 6, gray: 1 });
    const amount = `${printAmount(label.cod.amount)} ${oneLine(label.cod.currency)}`;
    pen.text(amount, MARGIN + 14, FLAGS_TOP + 8.6, codWidth - 16, { font: bold, size: 19, minSize: 9, gray: 1, align: 'right' });
  }
  if (label.fragile) {
    const x = label.cod ? MARGIN + codWidth + 2 : MARGIN;
    pen.frame(x + 0.4, FLAGS_TOP + 0.4, g.right - x - 0.8, 11.2, 2.2);
    pen.text(`⚠ ${oneLine(captions.fragile)}`, x + 2.5, FLAGS_TOP + 8.1, g.right - x - 5, { font: bold, size: 13, minSize: 6, align: 'center' });
  }

  // Tracking number: Code128 across the foot of the label, its characters beneath.
  pen.code128(symbols.tracking, {
    x: MARGIN,
    width: g.inner,
    top: BARCODE_FOOT - BARCODE_HEIGHT_MM,
    height: BARCODE_HEIGHT_MM,
    module: BARCODE_MODULE_MM,
    text: { style: { font: bold, size: 10.5, minSize: 7 }, gap: 3.8 },
  });
}

/** The recipient: the largest block, in the frame's box, the destination country inverted in its corner. */
function drawRecipient<F extends MeasuredFont>(pen: LabelPen<F>, g: Geometry, to: PostalAddress): void {
  const { regular, bold } = pen.fonts;
  const top = RECIPIENT_TOP;
  pen.text(to.country, g.right - 15, capsCentredOn(top + 4.5, 15), 15, { font: bold, size: 15, minSize: 8, gray: 1, align: 'center' });
  const width = g.inner - 4.4;
  const besideCountry = width - 15;
  const name: TextStyle<F> = { font: bold, size: 14, minSize: 8 };
  const lines: Array<{ lead: number; value: string; style: TextStyle<F>; width: number }> = [
    { lead: 6.2, value: to.name, style: name, width: besideCountry },
    { lead: 5, value: to.contact ?? '', style: { font: regular, size: 10, minSize: 7 }, width },
    { lead: 5.4, value: streetLine(to), style: { font: regular, size: 11, minSize: 7 }, width },
    { lead: 4.8, value: to.line2 ?? '', style: { font: regular, size: 10, minSize: 7 }, width },
    { lead: 7.4, value: joined(' ', to.postalCode, to.city), style: { font: bold, size: 16, minSize: 9 }, width },
    { lead: 4.6, value: joined(', ', to.region, to.country), style: { font: regular, size: 9, minSize: 7 }, width },
  ].filter((l) => oneLine(l.value));
  // A name too long for one line at 11 pt takes two lines at 11 pt, when the block has room for them.
  const phoneBaseline = top + RECIPIENT_HEIGHT - 2.4;
  const lastBaseline = top + 4 + lines.reduce((sum, l) => sum + l.lead, 0);
  const room = phoneBaseline - (oneLine(to.phone) ? 4.6 : 0) - lastBaseline;
  const twoLines = { ...name, size: 11, minSize: 11 };
  if (room >= 3.8 && fitText(oneLine(to.name), ptOf(besideCountry), twoLines).text !== oneLine(to.name)) {
    const [first = '', rest = ''] = wrapText(to.name, ptOf(besideCountry), twoLines, 2);
    lines.splice(0, 1, { lead: 5.4, value: first, style: twoLines, width: besideCountry }, { lead: 4.6, value: rest, style: { ...twoLines, minSize: 8 }, width: besideCountry });
  }
  let baseline = top + 4;
  for (const line of lines) {
    baseline += line.lead;
    pen.text(line.value, RECIPIENT_X, baseline, line.width, line.style);
  }
  pen.text(phoneLine(to.phone), RECIPIENT_X, phoneBaseline, width, { font: regular, size: 10, minSize: 7 });
}

/** Millimetres in points, the unit text is measured in. */
export const ptOf = (mm: number) => (mm * 72) / 25.4;
