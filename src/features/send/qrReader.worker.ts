/// <reference lib="webworker" />
import '../../workers/installGuard';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { expose } from '../../workers/bridge';
import type { QrReaderApi } from './qrProtocol';

// The QR reader's worker: frames are scaled and decoded here, off the main thread. zxing-wasm
// (MIT) would fetch its WebAssembly from a CDN by default: it is our own hashed asset instead, and
// the network guard (installGuard) refuses any other origin anyway.
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });

/** The long side a frame is read at: a code held up at arm's length stays well over 2 px a module. */
const READ_LONG_SIDE = 960;
let canvas: OffscreenCanvas | null = null;

type Detector = { detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]> };
/** The browser's own reader where it has one for QR codes (Android, macOS), else zxing. */
const detector: Promise<Detector | null> = (async () => {
  const BD = (globalThis as unknown as { BarcodeDetector?: { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
  if (!BD) return null;
  try {
    return (await BD.getSupportedFormats()).includes('qr_code') ? new BD({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
})();

expose<QrReaderApi>({
  async read(frame) {
    try {
      const w = 'displayWidth' in frame ? frame.displayWidth : frame.width;
      const h = 'displayHeight' in frame ? frame.displayHeight : frame.height;
      const scale = Math.min(1, READ_LONG_SIDE / Math.max(w, h));
      const cw = Math.round(w * scale);
      const ch = Math.round(h * scale);
      canvas ??= new OffscreenCanvas(cw, ch);
      if (canvas.width !== cw || canvas.height !== ch) {
        canvas.width = cw;
        canvas.height = ch;
      }
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(frame, 0, 0, cw, ch);
      const native = await detector;
      if (native) return (await native.detect(canvas)).map((c) => c.rawValue);
      const image = ctx.getImageData(0, 0, cw, ch);
      const found = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, tryInvert: false, maxNumberOfSymbols: 1 });
      return found.filter((r) => r.isValid).map((r) => r.text);
    } finally {
      frame.close();
    }
  },
});
