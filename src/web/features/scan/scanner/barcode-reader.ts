// The camera's barcode reader: the browser's own BarcodeDetector where it reads Code128 and QR
// (Chrome on Android and macOS), else the barcode-detector polyfill (ZXing compiled to
// WebAssembly), loaded only now, when the camera opens.

/** Code128: the label's barcode (tracking number); QR: `TRACKING|COUNTRY|POSTCODE`. */
export const SCAN_FORMATS = ['code_128', 'qr_code'] as const;

export interface BarcodeReader {
  /** The texts of the codes visible in the frame. */
  read(source: HTMLVideoElement): Promise<string[]>;
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

function readerOf(detector: DetectorLike): BarcodeReader {
  return { read: async (source) => (await detector.detect(source)).map((code) => code.rawValue).filter((text) => text.length > 0) };
}

async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    return SCAN_FORMATS.every((format) => supported.includes(format)) ? new Native({ formats: [...SCAN_FORMATS] }) : null;
  } catch {
    return null;
  }
}

export async function loadBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeDetector();
  if (native) return readerOf(native);
  const { zxingDetector } = await import('./zxing-detector.ts');
  return readerOf(await zxingDetector([...SCAN_FORMATS]));
}
