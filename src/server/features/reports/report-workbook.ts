// packages.xlsx of a shipment report: a sheet of shipments and a summary sheet, headers in the
// reader's language, numbers as numbers, times as real Excel dates (Bratislava wall-clock time:
// an Excel date has no time zone), header row frozen and filtered. Texts are string cells, exactly
// as typed: a string cell is never run as a formula, so references and names typed by people
// ("=HYPERLINK(…)", "+421…") need no apostrophe (that is for CSV, see imports/result-file.ts).
// Written with exceljs's streaming writer page by page into `out`, which the route streams to
// the client: memory stays at a page and the zip's buffers, however many rows the period has.
import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { DeliveryMethod, Product, ShipmentStatus } from '#shared/domain/enums.ts';
import { ReportTotals } from './report-summary.ts';
import type { ReportRow } from './reports.service.ts';

export const SHIPMENT_COLUMNS = [
  'itemNumber',
  'trackingNumber',
  'company',
  'reference',
  'created',
  'status',
  'product',
  'deliveryMethod',
  'country',
  'partner',
  'weight',
  'cod',
  'codCurrency',
  'insurance',
] as const;
export type ShipmentColumn = (typeof SHIPMENT_COLUMNS)[number];

export const SUMMARY_COLUMNS = ['day', 'country', 'product', 'status', 'shipments', 'weight', 'cod', 'codCurrency'] as const;
export type SummaryColumn = (typeof SUMMARY_COLUMNS)[number];

export interface ReportCaptions {
  shipmentsSheet: string;
  summarySheet: string;
  shipments: Record<ShipmentColumn, string>;
  summary: Record<SummaryColumn, string>;
  total: string;
  codTotal: string;
  /** The cells' words for the codes, in the reader's language. */
  values: {
    status: Record<ShipmentStatus, string>;
    product: Record<Product, string>;
    deliveryMethod: Record<DeliveryMethod, string>;
  };
}

const WIDTHS: Record<ShipmentColumn | SummaryColumn, number> = {
  itemNumber: 16,
  trackingNumber: 18,
  company: 28,
  reference: 20,
  created: 17,
  status: 13,
  product: 10,
  deliveryMethod: 16,
  country: 10,
  partner: 22,
  weight: 11,
  cod: 11,
  codCurrency: 10,
  insurance: 11,
  day: 12,
  shipments: 11,
};

const FORMATS: Partial<Record<ShipmentColumn | SummaryColumn, string>> = {
  created: 'dd.mm.yyyy hh:mm',
  day: 'dd.mm.yyyy',
  weight: '0.000',
  cod: '0.00',
  insurance: '0.00',
  shipments: '0',
};

/** Excel refuses sheet names over 31 characters or with any of \ / ? * [ ] : */
function sheetName(name: string, fallback: string): string {
  return (
    name
      .replace(/[\\/?*[\]:]/g, ' ')
      .trim()
      .slice(0, 31) || fallback
  );
}

const text = (value: string | null) => (value === null || value === '' ? null : value);

/** A calendar day (yyyy-MM-dd) as the Date whose UTC fields are that day: Excel shows that day. */
const excelDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Style objects shared by every cell of a column: exceljs then looks each up once, not per cell. */
function columnStyles(keys: readonly string[]): Array<Partial<ExcelJS.Style>> {
  return keys.map((key) => {
    const numFmt = FORMATS[key as keyof typeof FORMATS];
    return numFmt ? { numFmt } : {};
  });
}

function header(sheet: ExcelJS.Worksheet, captions: string[]) {
  const row = sheet.addRow(captions);
  row.font = { bold: true };
  row.commit();
}

/** A row whose cells share their column's style object; empty values make no cell at all. */
function addStyledRow(sheet: ExcelJS.Worksheet, values: unknown[], styles: Array<Partial<ExcelJS.Style>>) {
  const row = sheet.addRow(values.map((value) => (value === null ? undefined : value)));
  for (let i = 0; i < values.length; i++) if (values[i] !== null && values[i] !== undefined) row.getCell(i + 1).style = styles[i]!;
  row.commit();
}

/** Resolves on `event` of `emitter`, or when `out` closes (the client left: nobody will drain). */
function eventOrClose(emitter: EventEmitter, event: string, out: Writable): Promise<void> {
  if (out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      emitter.off(event, done);
      out.off('close', done);
      resolve();
    };
    emitter.on(event, done);
    out.on('close', done);
  });
}

interface WritableInternals extends EventEmitter {
  _writableState?: { length?: number };
}

/**
 * The stream exceljs writes a sheet's XML into is read by the zip (archiver) through another
 * stream; exceljs ignores that stream's backpressure. This is its input, when exceljs's internals
 * are as expected (4.4); undefined otherwise (then only the turns of the event loop pace us).
 */
function zipInput(sheet: ExcelJS.Worksheet): WritableInternals | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const input = stream?.pipes?.[0] as WritableInternals | undefined;
  return input && typeof input.on === 'function' ? input : undefined;
}

/** XML the zip may have waiting before the rows wait for it: it compresses while they are written. */
const ZIP_BACKLOG_BYTES = 2 * 1024 * 1024;

/**
 * Lets the zip and the socket work, and waits when the zip is more than ZIP_BACKLOG_BYTES behind
 * or `out` is full (a slow client), until it caught up (or `out` is gone): memory holds a slice
 * of the file, not the file. The turn of the event loop matters too: a page read from PGlite
 * resolves without one, while compressed chunks (zlib's thread pool) and socket writes are
 * handled only between turns; without both, the whole file piled up in memory before its first
 * byte left. Waiting for every slice to be compressed instead made the report twice as slow on
 * a busy machine (each wait is a thread-pool round trip).
 */
async function caughtUp(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  await setImmediate();
  const input = zipInput(sheet);
  if ((input?._writableState?.length ?? 0) > ZIP_BACKLOG_BYTES) await eventOrClose(input!, 'drain', out);
  if (out.writableNeedDrain) await eventOrClose(out, 'drain', out);
}

/** Rows written between two turns of the event loop: about 100 KB of XML. */
const ROWS_PER_SLICE = 500;

/**
 * The pages of `source`, each next one already asked for while the current one is written: on
 * PostgreSQL the database reads while exceljs writes. A page that is never taken is dropped.
 */
async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const pages = source[Symbol.asyncIterator]();
  let next = pages.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = pages.next();
      yield current.value;
    }
  } finally {
    // Stopped early: the page in flight is not wanted, and its failure is nobody's to report.
    next.then(
      () => pages.return?.(),
      () => undefined,
    );
  }
}

export interface ReportWorkbookInput {
  captions: ReportCaptions;
  withCompany: boolean;
  pages: AsyncIterable<ReportRow[]>;
}

/** Writes the workbook into `out` and ends it; answers the number of shipment rows written (0 if `out` closed early). */
export async function writeReportWorkbook(out: Writable, { captions, withCompany, pages }: ReportWorkbookInput): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const frozen: Array<Partial<ExcelJS.WorksheetView>> = [{ state: 'frozen', ySplit: 1 }];

  // The shipments: one zip entry written while the pages arrive.
  const keys = SHIPMENT_COLUMNS.filter((key) => withCompany || key !== 'company');
  const sheet = workbook.addWorksheet(sheetName(captions.shipmentsSheet, 'Shipments'), { views: frozen });
  sheet.columns = keys.map((key) => ({ key, width: WIDTHS[key] }));
  header(
    sheet,
    keys.map((key) => captions.shipments[key]),
  );
  const styles = columnStyles(keys);
  const totals = new ReportTotals();
  let written = 0;
  for await (const page of readAhead(pages)) {
    for (const r of page) {
      totals.add(r);
      const values: Record<ShipmentColumn, unknown> = {
        itemNumber: text(r.itemNumber),
        trackingNumber: text(r.trackingNumber),
        company: text(r.company),
        reference: text(r.reference),
        created: r.created,
        status: captions.values.status[r.status],
        product: captions.values.product[r.product],
        deliveryMethod: captions.values.deliveryMethod[r.deliveryMethod],
        country: r.country,
        partner: text(r.partner),
        weight: r.weight,
        cod: r.cod,
        codCurrency: r.codCurrency,
        insurance: r.insurance,
      };
      addStyledRow(
        sheet,
        keys.map((key) => values[key]),
        styles,
      );
      if (++written % ROWS_PER_SLICE === 0) {
        await caughtUp(sheet, out);
        if (out.destroyed) return 0;
      }
    }
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: written + 1, column: keys.length } };
  sheet.commit();

  // The summary of the rows above: day × country × product × status, then the totals below the filtered table.
  const summary = totals.summary();
  const sum = workbook.addWorksheet(sheetName(captions.summarySheet, 'Summary'), { views: frozen });
  sum.columns = SUMMARY_COLUMNS.map((key) => ({ key, width: WIDTHS[key] }));
  header(
    sum,
    SUMMARY_COLUMNS.map((key) => captions.summary[key]),
  );
  const summaryStyles = columnStyles(SUMMARY_COLUMNS);
  for (const r of summary.rows) {
    addStyledRow(sum, [excelDay(r.day), r.country, captions.values.product[r.product], captions.values.status[r.status], r.shipments, r.weight, r.cod > 0 ? r.cod : null, r.cod > 0 ? r.currency : null], summaryStyles);
  }
  sum.autoFilter = { from: { row: 1, column: 1 }, to: { row: summary.rows.length + 1, column: SUMMARY_COLUMNS.length } };
  sum.addRow([]).commit();
  const totalStyles = summaryStyles.map((style) => ({ ...style, font: { bold: true } }));
  addStyledRow(sum, [captions.total, null, null, null, summary.shipments, summary.weight, null, null], totalStyles);
  for (const { currency, amount } of summary.codTotals) {
    addStyledRow(sum, [captions.codTotal, null, null, null, null, null, amount, currency], totalStyles);
  }
  sum.commit();

  await workbook.commit();
  return written;
}
