/** What the scanner needs of a BarcodeDetector (the browser's, or the polyfill's). */
export type QrDetector = {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
};

type NativeDetectorClass = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * A QR code reader: the browser's BarcodeDetector when it reads QR codes (Chrome on Android and
 * macOS, Safari 17+), else the polyfill (zxing-detector.ts), downloaded now and not before.
 */
export async function loadQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      if ((await Native.getSupportedFormats()).includes("qr_code")) {
        return new Native({ formats: ["qr_code"] });
      }
    } catch {
      // A BarcodeDetector that cannot tell its formats: the polyfill does the reading.
    }
  }
  const { createPolyfillDetector } = await import("./zxing-detector");
  return createPolyfillDetector();
}
