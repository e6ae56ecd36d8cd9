import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePrinter } from '#tests/setup/web/fake-usb-printer.ts';
import { allowedPrinter, choosePrinter, sendToPrinter, UsbPrintError, usbPrintingAvailable } from './usb-printer.ts';

// Issue 33: ZPL straight to a USB label printer (WebUSB). A fake printer stands in for the device:
// one configuration, a printer-class interface with a bulk OUT endpoint, as a Zebra presents itself.

function stubUsb(usb: Partial<USB> | undefined) {
  vi.stubGlobal('navigator', { ...navigator, usb });
  vi.stubGlobal('isSecureContext', true);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('USB label printer', () => {
  it('is available only where the browser has WebUSB', () => {
    stubUsb(undefined);
    expect(usbPrintingAvailable()).toBe(false);
    stubUsb({ getDevices: async () => [] });
    expect(usbPrintingAvailable()).toBe(true);
  });

  it('sends the file as is to the bulk OUT endpoint, in chunks, and lets the interface go', async () => {
    const { device, sent, released } = fakePrinter();
    const data = new Uint8Array(150 * 1024).fill(0x5e);
    await sendToPrinter(device, data);
    expect(sent).toEqual([
      [2, 65536],
      [2, 65536],
      [2, 22528],
    ]);
    expect(released).toEqual([0]);
  });

  it('says the printer is busy when the computer’s driver holds it', async () => {
    const { device, sent } = fakePrinter({ claim: () => Promise.reject(new DOMException('Unable to claim interface.', 'NetworkError')) });
    const error = await sendToPrinter(device, new Uint8Array([1])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsbPrintError);
    expect((error as UsbPrintError).reason).toBe('busy');
    expect(sent).toEqual([]);
  });

  it('finds the printer allowed before, and answers null when the chooser is closed', async () => {
    const { device } = fakePrinter();
    stubUsb({ getDevices: async () => [device], requestDevice: () => Promise.reject(new DOMException('No device selected.', 'NotFoundError')) });
    expect(await allowedPrinter()).toBe(device);
    expect(await choosePrinter()).toBeNull();
  });
});
