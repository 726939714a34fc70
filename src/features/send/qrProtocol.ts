/** The QR reader's worker API: a frame in (moved, closed there), the codes' texts out. */
export interface QrReaderApi {
  read(frame: VideoFrame | ImageBitmap): string[];
}

/** What the reader needs of the browser's `BarcodeDetector` (not in TypeScript's DOM types). */
export interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

/**
 * The browser's own QR reader in this scope (a window or a worker), where it has one that reads QR
 * codes (Android, macOS, ChromeOS; not Chromium on Linux or Windows), else null.
 */
export async function nativeQrDetector(scope: object = globalThis): Promise<Detector | null> {
  if (!('BarcodeDetector' in scope)) return null;
  const BD = (scope as { BarcodeDetector: DetectorClass }).BarcodeDetector;
  try {
    return (await BD.getSupportedFormats()).includes('qr_code') ? new BD({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}
