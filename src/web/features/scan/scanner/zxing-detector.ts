// The barcode-detector polyfill with its WebAssembly served by us, never from a CDN: Vite emits
// zxing_reader.wasm into the build (a hashed /assets file), and the bytes are kept in Cache
// Storage so that the camera also reads codes offline once it has been opened online.
// The CSP must allow 'wasm-unsafe-eval' in script-src for the module to compile.
import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

const WASM_CACHE = 'scan-reader';

/** The module's bytes: from the cache, else fetched and cached (older builds' files are dropped). */
async function wasmBytes(): Promise<ArrayBuffer> {
  const url = new URL(wasmUrl, location.href).href;
  const cache = typeof caches === 'undefined' ? null : await caches.open(WASM_CACHE).catch(() => null);
  const hit = await cache?.match(url);
  if (hit) return hit.arrayBuffer();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The barcode reader could not be loaded (HTTP ${response.status}).`);
  if (cache) {
    await cache.put(url, response.clone());
    for (const request of await cache.keys()) if (request.url !== url) await cache.delete(request);
  }
  return response.arrayBuffer();
}

export async function zxingDetector(formats: BarcodeFormat[]): Promise<BarcodeDetector> {
  const wasmBinary = await wasmBytes();
  await prepareZXingModule({
    overrides: {
      wasmBinary,
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats });
}
