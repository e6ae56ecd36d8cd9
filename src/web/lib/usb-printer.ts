/// <reference types="w3c-web-usb" />
// A label printer on this computer's USB port, printed to straight from the page (issue 33):
// WebUSB, which Chromium-based browsers offer on https and localhost. The browser's own chooser
// asks the user once which printer the portal may use; afterwards the browser remembers it and
// the app finds it again without asking. The printer's bulk OUT endpoint takes the ZPL as is.
// Where the operating system's printer driver holds the printer (a Windows driver, Linux's
// usblp), the printer cannot be claimed: the caller saves the file instead and says why.

/** Zebra Technologies' USB vendor id; other ZPL printers are found by the printer class. */
const ZEBRA_VENDOR_ID = 0x0a5f;
/** USB class 7: printers. */
const PRINTER_CLASS = 7;
/** Bytes per transfer: well within any printer's buffer, few enough calls for a large batch. */
const CHUNK_BYTES = 64 * 1024;

export type UsbPrinter = USBDevice;

export type UsbFailure = 'unavailable' | 'not-chosen' | 'busy' | 'failed';

/** A printing failure the caller turns into a message (and a saved file). */
export class UsbPrintError extends Error {
  constructor(
    readonly reason: UsbFailure,
    cause?: unknown,
  ) {
    super(`USB printing: ${reason}`, { cause });
  }
}

/** Whether this browser can print to a USB printer at all (Chrome, Edge, Opera; a secure page). */
export function usbPrintingAvailable(): boolean {
  return typeof navigator !== 'undefined' && 'usb' in navigator && navigator.usb !== undefined && window.isSecureContext;
}

const isPrinter = (device: USBDevice) =>
  device.vendorId === ZEBRA_VENDOR_ID || device.configurations.some((c) => c.interfaces.some((i) => i.alternates.some((a) => a.interfaceClass === PRINTER_CLASS)));

/** The printer the user allowed earlier on this device, if the browser still knows it; null otherwise. */
export async function allowedPrinter(): Promise<UsbPrinter | null> {
  if (!usbPrintingAvailable()) return null;
  const devices = await navigator.usb.getDevices();
  return devices.find(isPrinter) ?? null;
}

/** The browser's chooser (needs a click): the printer the user picks, or null when they cancel. */
export async function choosePrinter(): Promise<UsbPrinter | null> {
  if (!usbPrintingAvailable()) throw new UsbPrintError('unavailable');
  try {
    return await navigator.usb.requestDevice({ filters: [{ vendorId: ZEBRA_VENDOR_ID }, { classCode: PRINTER_CLASS }] });
  } catch (error) {
    // NotFoundError: the chooser was closed without a choice.
    if (error instanceof DOMException && error.name === 'NotFoundError') return null;
    throw new UsbPrintError('failed', error);
  }
}

/** Stops using the printer: the browser forgets the permission (where it can) and the page lets go of it. */
export async function forgetPrinter(device: UsbPrinter): Promise<void> {
  if (device.opened) await device.close().catch(() => undefined);
  await device.forget?.().catch(() => undefined);
}

/** The interface and endpoint the printer takes data on: the first bulk OUT endpoint. */
function outEndpoint(device: USBDevice): { interfaceNumber: number; endpointNumber: number } | null {
  for (const iface of device.configuration?.interfaces ?? []) {
    for (const alternate of iface.alternates) {
      const endpoint = alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
      if (endpoint) return { interfaceNumber: iface.interfaceNumber, endpointNumber: endpoint.endpointNumber };
    }
  }
  return null;
}

/** Sends `data` to the printer as is. Throws UsbPrintError: `busy` when the computer's own driver holds it. */
export async function sendToPrinter(device: UsbPrinter, data: Uint8Array<ArrayBuffer>): Promise<void> {
  let claimed: number | null = null;
  try {
    if (!device.opened) await device.open();
    if (device.configuration === null) await device.selectConfiguration(1);
    const target = outEndpoint(device);
    if (!target) throw new UsbPrintError('failed');
    try {
      await device.claimInterface(target.interfaceNumber);
    } catch (error) {
      throw new UsbPrintError('busy', error);
    }
    claimed = target.interfaceNumber;
    for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
      const result = await device.transferOut(target.endpointNumber, data.subarray(offset, offset + CHUNK_BYTES));
      if (result.status !== 'ok') throw new UsbPrintError('failed');
    }
  } catch (error) {
    throw error instanceof UsbPrintError ? error : new UsbPrintError('failed', error);
  } finally {
    if (claimed !== null) await device.releaseInterface(claimed).catch(() => undefined);
  }
}
