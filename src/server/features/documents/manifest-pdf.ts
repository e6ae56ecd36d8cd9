// The manifest: the list of parcels a driver takes over, on A4 portrait. The first page carries the
// header (carrier, company, pickup address, partner, time, id with its barcode); every page repeats
// the table's column header and says "Page x of y"; the totals and both signatures stay together
// on the last page, which is a new one when they do not fit under the table.
import { PDFDocument } from 'pdf-lib';
import { code128, drawCode128 } from './barcodes.ts';
import type { ManifestCaptions, ManifestData, ManifestRow, Money, PostalAddress } from './document-types.ts';
import { embedFonts, oneLine, textWidth, wrapText, type DocumentFonts, type TextStyle } from './fonts.ts';
import { A4_SIZE, mm, MmPen, PageCanvas } from './pdf-canvas.ts';
import { printAmount, printCount, printDateTime, printWeight } from './print-format.ts';

/** Page geometry in millimetres from the top-left corner. */
const MARGIN = 12;
const WIDTH = 210 - 2 * MARGIN;
const RIGHT = 210 - MARGIN;
/** The table and the totals end here; the footer sits below. */
const CONTENT_BOTTOM = 297 - 15;
const HEADER_ROW = 7;
const ROW = 5;
const CELL_PADDING = 1.2;

type Align = 'left' | 'center' | 'right';
interface Column {
  caption: (c: ManifestCaptions['columns']) => string;
  width: number;
  align: Align;
  value: (row: ManifestRow, index: number) => string;
}

const money = (m: Money | null) => (m ? `${printAmount(m.amount)} ${oneLine(m.currency)}` : '');

const COLUMNS: Column[] = [
  { caption: (c) => c.index, width: 9, align: 'right', value: (_, i) => String(i + 1) },
  { caption: (c) => c.itemNumber, width: 24, align: 'left', value: (r) => r.itemNumber },
  { caption: (c) => c.trackingNumber, width: 26, align: 'left', value: (r) => r.trackingNumber },
  { caption: (c) => c.recipient, width: 41, align: 'left', value: (r) => r.recipientName },
  { caption: (c) => c.city, width: 33, align: 'left', value: (r) => r.city },
  { caption: (c) => c.country, width: 13, align: 'center', value: (r) => r.country },
  { caption: (c) => c.weight, width: 17, align: 'right', value: (r) => printWeight(r.weightKg) },
  { caption: (c) => c.cod, width: 23, align: 'right', value: (r) => money(r.cod) },
];

interface Totals {
  parcels: number;
  weightKg: number;
  /** COD sums by currency, in currency order. */
  cod: Money[];
}

/** Sums in grams and cents, so thousands of rows add up without floating-point drift. */
export function manifestTotals(rows: readonly ManifestRow[]): Totals {
  let grams = 0;
  const cents = new Map<string, number>();
  for (const row of rows) {
    grams += Math.round(row.weightKg * 1000);
    if (row.cod) cents.set(row.cod.currency, (cents.get(row.cod.currency) ?? 0) + Math.round(row.cod.amount * 100));
  }
  const cod = [...cents.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => ({ currency, amount: sum / 100 }));
  return { parcels: rows.length, weightKg: grams / 1000, cod };
}

const addressLines = (a: PostalAddress) => [
  oneLine(a.contact),
  [a.street, a.number].map(oneLine).filter(Boolean).join(' '),
  oneLine(a.line2),
  `${[a.postalCode, a.city].map(oneLine).filter(Boolean).join(' ')}, ${oneLine(a.country)}`,
  oneLine(a.phone) ? `☎ ${oneLine(a.phone)}` : '',
];

class ManifestWriter {
  private readonly pages: PageCanvas[] = [];
  private pen!: MmPen;
  private readonly caption: TextStyle;
  private readonly body: TextStyle;

  constructor(
    private readonly doc: PDFDocument,
    private readonly data: ManifestData,
    private readonly captions: ManifestCaptions,
    private readonly fonts: DocumentFonts,
  ) {
    this.caption = { font: fonts.bold, size: 6.5, gray: 0.35 };
    // Cells shrink a little, then cut: a column of text in four sizes reads badly.
    this.body = { font: fonts.regular, size: 7.5, minSize: 6.5 };
  }

  write(): void {
    let y = this.firstPage();
    y = this.columnHeader(y);
    this.data.rows.forEach((row, i) => {
      if (y + ROW > CONTENT_BOTTOM) y = this.columnHeader(this.nextPage());
      this.tableRow(row, i, y);
      y += ROW;
    });
    this.pen.line(MARGIN, y, RIGHT, y, 0.8);
    const totals = manifestTotals(this.data.rows);
    const needed = this.closingHeight(totals);
    this.closing(totals, y + needed > CONTENT_BOTTOM ? this.nextPage() : y);
    this.footers();
  }

  private newPage(): void {
    const canvas = new PageCanvas(this.doc.addPage(A4_SIZE));
    this.pages.push(canvas);
    this.pen = new MmPen(canvas, 0, A4_SIZE[1]);
  }

  /** The full header; answers where the table starts. */
  private firstPage(): number {
    this.newPage();
    const { pen, data, captions, fonts } = this;
    pen.text(data.carrierName, MARGIN, 18, 118, { font: fonts.bold, size: 16, minSize: 9 });
    pen.text(captions.title, MARGIN, 25, 118, { font: fonts.bold, size: 12, minSize: 8 });
    drawCode128(pen.canvas, code128(data.id), {
      x: pen.x(RIGHT - 62),
      width: mm(62),
      bottom: pen.y(24),
      height: mm(12),
      module: mm(0.33),
      text: { style: { font: fonts.bold, size: 9, minSize: 6 }, gap: mm(3.6) },
    });
    pen.line(MARGIN, 31, RIGHT, 31, 1.2);

    const column = WIDTH / 3;
    const value: TextStyle = { font: fonts.regular, size: 8.5, minSize: 6 };
    const strong: TextStyle = { ...value, font: fonts.bold };
    const company = data.company;
    const blocks: Array<Array<[string, TextStyle] | [string, TextStyle, string]>> = [
      [[company.name, strong, captions.company], ...addressLines(company.address).map((l): [string, TextStyle] => [l, value]), [oneLine(company.vatNumber), value]],
      [[data.pickupAddress.name, strong, captions.pickupAddress], ...addressLines(data.pickupAddress).map((l): [string, TextStyle] => [l, value])],
      [
        [data.partnerName, strong, captions.partner],
        [printDateTime(data.createdAt), strong, captions.created],
        [data.id, strong, captions.manifestId],
      ],
    ];
    let bottom = 31;
    blocks.forEach((lines, b) => {
      const x = MARGIN + b * column;
      let baseline = 35.5;
      for (const [text, style, title] of lines) {
        if (title !== undefined) {
          if (baseline > 35.5) baseline += 1.5;
          pen.text(title, x, baseline, column - 3, this.caption);
          baseline += 3.8;
        }
        if (!oneLine(text)) continue;
        pen.text(text, x, baseline, column - 3, style);
        baseline += 3.8;
      }
      bottom = Math.max(bottom, baseline);
    });
    return bottom + 2;
  }

  /** A continuation page: a slim header; answers where the table starts. */
  private nextPage(): number {
    this.newPage();
    const { pen, data, captions, fonts } = this;
    pen.text(`${oneLine(captions.title)} ${data.id}`, MARGIN, 17, 120, { font: fonts.bold, size: 10, minSize: 7 });
    pen.text(data.carrierName, MARGIN + 122, 17, WIDTH - 122, { font: fonts.regular, size: 8, minSize: 6, align: 'right' });
    pen.line(MARGIN, 19.5, RIGHT, 19.5, 0.8);
    return 22;
  }

  /** The column captions on a grey band; a caption too long for one line takes two. */
  private columnHeader(top: number): number {
    const { pen } = this;
    pen.fill(MARGIN, top, WIDTH, HEADER_ROW, 0.86);
    const style: TextStyle = { font: this.fonts.bold, size: 7, minSize: 6.5 };
    let x = MARGIN;
    for (const column of COLUMNS) {
      const width = column.width - 2 * CELL_PADDING;
      const caption = oneLine(column.caption(this.captions.columns));
      const fits = textWidth(caption, style.font, style.minSize!) <= mm(width);
      const lines = fits ? [caption] : wrapText(caption, mm(width), { ...style, size: 6 }, 2);
      lines.forEach((line, i) => {
        const baseline = top + (lines.length === 1 ? 4.7 : 3 + i * 2.6);
        pen.text(line, x + CELL_PADDING, baseline, width, { ...style, size: lines.length === 1 ? style.size : 6, minSize: 5, align: column.align });
      });
      x += column.width;
    }
    return top + HEADER_ROW;
  }

  private tableRow(row: ManifestRow, index: number, top: number): void {
    const { pen } = this;
    // Light bands every other row keep a line readable across the page.
    if (index % 2 === 1) pen.fill(MARGIN, top, WIDTH, ROW, 0.94);
    let x = MARGIN;
    for (const column of COLUMNS) {
      pen.text(column.value(row, index), x + CELL_PADDING, top + 3.5, column.width - 2 * CELL_PADDING, { ...this.body, align: column.align });
      x += column.width;
    }
  }

  private closingHeight(totals: Totals): number {
    return 6 + 6 + ROW * (2 + Math.max(1, totals.cod.length)) + 30;
  }

  /** Totals, then the shipper's and the driver's signature and date lines. */
  private closing(totals: Totals, top: number): void {
    const { pen, captions, fonts } = this;
    const label: TextStyle = { font: fonts.regular, size: 8.5, minSize: 6 };
    const figure: TextStyle = { font: fonts.bold, size: 9, minSize: 6, align: 'right' };
    let y = top + 6;
    pen.text(captions.totals, MARGIN, y + 4, 80, { font: fonts.bold, size: 10, minSize: 7 });
    y += 6;
    const lines: Array<[string, string]> = [
      [captions.parcels, printCount(totals.parcels)],
      [captions.weight, `${printWeight(totals.weightKg)} kg`],
      ...(totals.cod.length > 0 ? totals.cod.map((m, i): [string, string] => [i === 0 ? captions.codTotal : '', money(m)]) : [[captions.codTotal, '–'] as [string, string]]),
    ];
    for (const [title, amount] of lines) {
      pen.line(MARGIN, y + ROW, MARGIN + 90, y + ROW, 0.3, { gray: 0.6 });
      pen.text(title, MARGIN, y + 3.6, 55, label);
      pen.text(amount, MARGIN + 55, y + 3.6, 35, figure);
      y += ROW;
    }

    // Room to sign above each line; the caption beneath it.
    const signAt = y + 22;
    const dateCaption = this.captions.signatureDate ?? 'dd.MM.yyyy';
    const parties: Array<[string, number]> = [
      [captions.shipperSignature, MARGIN],
      [captions.driverSignature, MARGIN + WIDTH / 2 + 4],
    ];
    for (const [who, x] of parties) {
      pen.line(x, signAt, x + 52, signAt, 0.6);
      pen.text(who, x, signAt + 3.6, 52, { font: fonts.regular, size: 7.5, minSize: 5.5 });
      pen.line(x + 56, signAt, x + 85, signAt, 0.6);
      pen.text(dateCaption, x + 56, signAt + 3.6, 29, { font: fonts.regular, size: 7.5, minSize: 5.5 });
    }
  }

  /** "Page x of y" and the manifest's id and time at the foot of every page, then the pages are written. */
  private footers(): void {
    const pages = this.pages.length;
    const small: TextStyle = { font: this.fonts.regular, size: 7, minSize: 5.5, gray: 0.3 };
    this.pages.forEach((canvas, i) => {
      const pen = new MmPen(canvas, 0, A4_SIZE[1]);
      pen.line(MARGIN, 297 - 12, RIGHT, 297 - 12, 0.4, { gray: 0.5 });
      pen.text(`${this.data.id} · ${printDateTime(this.data.createdAt)}`, MARGIN, 297 - 8.5, 100, small);
      const page = this.captions.page.replaceAll('{page}', String(i + 1)).replaceAll('{pages}', String(pages));
      pen.text(page, RIGHT - 80, 297 - 8.5, 80, { ...small, align: 'right' });
      canvas.finish();
    });
  }
}

export async function renderManifest(data: ManifestData, captions: ManifestCaptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  new ManifestWriter(doc, data, captions, fonts).write();
  doc.setTitle(`${oneLine(captions.title)} ${data.id}`);
  doc.setCreator('Parcel Portal');
  return doc.save();
}
