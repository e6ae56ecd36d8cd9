import { isZplFormat, type LabelFormat } from '#shared/domain/label-formats.ts';
import { saveBlob } from '#web/lib/download-file.ts';
import type { KeptFile } from '#web/lib/kept-files.ts';
import { allowedPrinter, sendToPrinter, UsbPrintError, type UsbFailure } from '#web/lib/usb-printer.ts';

// Where a label file goes (issue 33): ZPL to the USB printer this device connected (lib/usb-printer.ts),
// anything else, and ZPL without one, saved as a file. A USB print that fails saves the file
// instead, so no label is lost, and says why.

/** localStorage: '1' while this device sends ZPL labels to its connected USB printer. */
export const USB_PRINTING_KEY = 'label-printer-usb';

export function usbPrintingChosen(): boolean {
  try {
    return localStorage.getItem(USB_PRINTING_KEY) === '1';
  } catch {
    return false;
  }
}

export function chooseUsbPrinting(on: boolean): void {
  try {
    if (on) localStorage.setItem(USB_PRINTING_KEY, '1');
    else localStorage.removeItem(USB_PRINTING_KEY);
  } catch {
    // storage unavailable: files are saved as without a USB printer
  }
}

export interface LabelDelivery {
  /** The USB printer's name when the labels went straight to it; null when the file was saved. */
  printedOn: string | null;
  /** Why a USB print did not happen (the file was saved instead). */
  usbFailure?: UsbFailure;
}

/** Sends the file to the USB printer (ZPL, one connected), else saves it. */
export async function deliverLabelFile(file: KeptFile, format: LabelFormat): Promise<LabelDelivery> {
  if (isZplFormat(format) && usbPrintingChosen()) {
    try {
      const printer = await allowedPrinter();
      if (!printer) throw new UsbPrintError('not-chosen');
      await sendToPrinter(printer, new Uint8Array(await file.blob.arrayBuffer()));
      return { printedOn: printer.productName || 'USB' };
    } catch (error) {
      saveBlob(file.blob, file.filename);
      return { printedOn: null, usbFailure: error instanceof UsbPrintError ? error.reason : 'failed' };
    }
  }
  saveBlob(file.blob, file.filename);
  return { printedOn: null };
}
