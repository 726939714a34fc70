/// <reference lib="webworker" />
import '../../workers/installGuard';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { expose } from '../../workers/bridge';
import { nativeQrDetector, type Detector, type QrReaderApi } from './qrProtocol';

// The QR reader's worker: frames are scaled and decoded here, off the main thread. zxing-wasm
// (MIT) would fetch its WebAssembly from a CDN (jsDelivr) by default: it is our own hashed asset
// instead (/assets/zxing_reader-<hash>.wasm, precached by the service worker), and the network
// guard (installGuard) would refuse any other origin anyway.
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });

/** The long side a frame is read at: a code held up at arm's length stays well over 2 px a module. */
const READ_LONG_SIDE = 960;
let canvas: OffscreenCanvas | null = null;

/** The browser's own reader where it has one for QR codes in workers (Android, macOS), else zxing. */
let native: Promise<Detector | null> | null = nativeQrDetector();

async function readNative(source: OffscreenCanvas): Promise<string[] | null> {
  const detector = await native;
  if (!detector) return null;
  try {
    return (await detector.detect(source)).map((c) => c.rawValue);
  } catch (error) {
    console.warn('BarcodeDetector failed; zxing reads the codes from now on:', error);
    native = null;
    return null;
  }
}

expose<QrReaderApi>({
  async read(frame) {
    try {
      const w = 'displayWidth' in frame ? frame.displayWidth : frame.width;
      const h = 'displayHeight' in frame ? frame.displayHeight : frame.height;
      const scale = Math.min(1, READ_LONG_SIDE / Math.max(w, h));
      const cw = Math.max(1, Math.round(w * scale));
      const ch = Math.max(1, Math.round(h * scale));
      canvas ??= new OffscreenCanvas(cw, ch);
      if (canvas.width !== cw || canvas.height !== ch) {
        canvas.width = cw;
        canvas.height = ch;
      }
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(frame, 0, 0, cw, ch);
      frame.close(); // drawn: the camera's buffer goes back at once
      const found = await readNative(canvas);
      if (found) return found;
      // tryHarder (zxing's default): at 960 px it cost no measurable time over the fast scan
      // (10–40 ms a frame either way on this project's CI machine) and finds the same codes or more.
      const results = await readBarcodes(ctx.getImageData(0, 0, cw, ch), {
        formats: ['QRCode'],
        tryHarder: true,
        tryInvert: false,
        maxNumberOfSymbols: 1,
      });
      return results.filter((r) => r.isValid).map((r) => r.text);
    } finally {
      frame.close();
    }
  },
});
