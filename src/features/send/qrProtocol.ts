/** The QR reader's worker API: a frame in (moved, closed there), the codes' texts out. */
export interface QrReaderApi {
  read(frame: VideoFrame | ImageBitmap): string[];
}
