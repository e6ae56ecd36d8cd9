import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePrinter } from '#tests/setup/web/fake-usb-printer.ts';
import { chooseUsbPrinting, deliverLabelFile } from './label-delivery.ts';

// Issue 33: ZPL goes to the connected USB printer; without one, for a PDF, or when the printer
// refuses, the file is saved, so no label is lost.

let saved: string[];

beforeEach(() => {
  saved = [];
  vi.stubGlobal('isSecureContext', true);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:labels');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const zpl = () => ({ blob: new Blob(['~DU…^XA^XZ'], { type: 'text/plain' }), filename: 'labels.zpl' });

describe('deliverLabelFile', () => {
  it('sends ZPL to the USB printer connected on this device, saving nothing', async () => {
    const { device, sent } = fakePrinter();
    vi.stubGlobal('navigator', { ...navigator, usb: { getDevices: async () => [device] } });
    chooseUsbPrinting(true);
    expect(await deliverLabelFile(zpl(), 'zpl-203')).toEqual({ printedOn: 'ZTC GK420d' });
    expect(sent).toHaveLength(1);
    expect(saved).toEqual([]);
  });

  it('saves the file instead, and says why, when the printer’s driver holds it', async () => {
    const { device } = fakePrinter({ claim: () => Promise.reject(new DOMException('Unable to claim interface.', 'NetworkError')) });
    vi.stubGlobal('navigator', { ...navigator, usb: { getDevices: async () => [device] } });
    chooseUsbPrinting(true);
    expect(await deliverLabelFile(zpl(), 'zpl-300')).toEqual({ printedOn: null, usbFailure: 'busy' });
    expect(saved).toEqual(['labels.zpl']);
  });

  it('saves the file when no USB printer was connected here, and always for a PDF', async () => {
    vi.stubGlobal('navigator', { ...navigator, usb: { getDevices: async () => [] } });
    expect(await deliverLabelFile(zpl(), 'zpl-203')).toEqual({ printedOn: null });
    chooseUsbPrinting(true);
    expect(await deliverLabelFile({ blob: new Blob(['%PDF-']), filename: 'labels.pdf' }, 'pdf-100x150')).toEqual({ printedOn: null });
    expect(saved).toEqual(['labels.zpl', 'labels.pdf']);
  });
});
