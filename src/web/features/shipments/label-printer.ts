import { useState } from 'react';
import type { LabelFormat } from '#shared/domain/label-formats.ts';

// The printer this device prints labels on (issue 33), remembered between visits: an office
// printer (one label on an A6 page, several four per A4 sheet, as the spec prints them), a label
// printer driven by a PDF driver (A6 or 100×150 mm pages), or a Zebra-compatible thermal printer
// (ZPL files at 203 or 300 dpi). The printer belongs to the desk, so the choice is the device's.

export const LABEL_PRINTERS = ['office', 'pdf-a6', 'pdf-100x150', 'zpl-203', 'zpl-300'] as const;
export type LabelPrinter = (typeof LABEL_PRINTERS)[number];

/** localStorage: the chosen printer; absent for the office printer. */
export const LABEL_PRINTER_KEY = 'label-printer';

const isLabelPrinter = (value: unknown): value is LabelPrinter => LABEL_PRINTERS.some((p) => p === value);

export function readLabelPrinter(): LabelPrinter {
  try {
    const stored = localStorage.getItem(LABEL_PRINTER_KEY);
    return isLabelPrinter(stored) ? stored : 'office';
  } catch {
    return 'office';
  }
}

function storeLabelPrinter(printer: LabelPrinter): void {
  try {
    if (printer === 'office') localStorage.removeItem(LABEL_PRINTER_KEY);
    else localStorage.setItem(LABEL_PRINTER_KEY, printer);
  } catch {
    // storage unavailable (private mode, quota): the choice lasts for this page only
  }
}

/** The file a print of one label or of several makes on `printer`. */
export function labelFormatFor(printer: LabelPrinter, labels: 'one' | 'many'): LabelFormat {
  if (printer === 'office') return labels === 'one' ? 'pdf-a6' : 'pdf-a4';
  return printer;
}

export function useLabelPrinter(): [LabelPrinter, (printer: LabelPrinter) => void] {
  const [printer, setPrinter] = useState<LabelPrinter>(readLabelPrinter);
  return [
    printer,
    (next: LabelPrinter) => {
      storeLabelPrinter(next);
      setPrinter(next);
    },
  ];
}
