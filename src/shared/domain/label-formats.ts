// The files a label prints from (issue 33): PDFs for office and PDF-driven printers, ZPL II for
// Zebra-compatible thermal printers at their two common resolutions. Every format prints the same
// content (server/features/documents/label-layout.ts); the format only decides the medium.

export const LABEL_FORMATS = ['pdf-a6', 'pdf-a4', 'pdf-100x150', 'zpl-203', 'zpl-300'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** What getLabel answers when no format is asked for (the spec's A6 PDF). */
export const SINGLE_LABEL_DEFAULT_FORMAT: LabelFormat = 'pdf-a6';
/** What the bulk call answers when no format is asked for (the spec's `layout: "A4"`). */
export const BULK_LABELS_DEFAULT_FORMAT: LabelFormat = 'pdf-a4';

export interface LabelFormatFile {
  /** The answer's Content-Type. ZPL has no registered media type: it is UTF-8 text (^CI28). */
  mediaType: 'application/pdf' | 'text/plain';
  extension: 'pdf' | 'zpl';
}

export const LABEL_FORMAT_FILES: Record<LabelFormat, LabelFormatFile> = {
  'pdf-a6': { mediaType: 'application/pdf', extension: 'pdf' },
  'pdf-a4': { mediaType: 'application/pdf', extension: 'pdf' },
  'pdf-100x150': { mediaType: 'application/pdf', extension: 'pdf' },
  'zpl-203': { mediaType: 'text/plain', extension: 'zpl' },
  'zpl-300': { mediaType: 'text/plain', extension: 'zpl' },
};

/** Whether the format is a printer language (sent to a printer as is) rather than a PDF. */
export const isZplFormat = (format: LabelFormat): format is 'zpl-203' | 'zpl-300' => format.startsWith('zpl-');

// Label printers (issue 33): what a desk prints on. A device may choose one, or follow the
// printer profiles: the printer a client set for a pickup address, else the one the carrier's
// admin set for the company, else the office printer, as the spec prints (one A6 label, A4 sheets).

export const LABEL_PRINTERS = ['office', 'pdf-a6', 'pdf-100x150', 'zpl-203', 'zpl-300'] as const;
export type LabelPrinter = (typeof LABEL_PRINTERS)[number];

export const isLabelPrinter = (value: unknown): value is LabelPrinter => LABEL_PRINTERS.some((printer) => printer === value);

/** The file a print of one label or of several makes on `printer`. */
export function labelFormatFor(printer: LabelPrinter, labels: 'one' | 'many'): LabelFormat {
  if (printer === 'office') return labels === 'one' ? 'pdf-a6' : 'pdf-a4';
  return printer;
}

/**
 * The printer profiles' answer for labels of shipments from `addresses` (their own printers, null
 * where none is set): the printer they agree on, each address counting the company's when it has
 * none; where they differ, or none is known (the waiting labels of the whole company), the
 * company's; else the office printer.
 */
export function profileLabelPrinter(addresses: readonly (LabelPrinter | null)[], company: LabelPrinter | null): LabelPrinter {
  const fallback = company ?? 'office';
  const [first, ...rest] = addresses.map((own) => own ?? fallback);
  return first !== undefined && rest.every((printer) => printer === first) ? first : fallback;
}
