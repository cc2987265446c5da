/**
 * The `barcode-detector` polyfill (zxing-wasm), for browsers without a BarcodeDetector that reads
 * QR codes (Firefox, Safari before 17, Chromium on Linux and Windows). Imported only by
 * `loadQrDetector` when the native one is missing, so its JavaScript and its WebAssembly are
 * downloaded only then, never with the page.
 *
 * zxing-wasm fetches its .wasm from a CDN by default; shops (and these machines) may have no such
 * network, and the CSP allows only our origin: the file is served from our own build instead
 * (Vite's `?url` gives the built file's URL).
 */
import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
import readerWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith(".wasm") ? readerWasmUrl : prefix + path,
  },
});

export function createPolyfillDetector() {
  return new BarcodeDetector({ formats: ["qr_code"] });
}
