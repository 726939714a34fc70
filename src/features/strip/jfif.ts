/**
 * Sets the print resolution of a JPEG: the JFIF APP0 segment's density, in dots per inch.
 * Browsers' encoders write units=0 (no unit) or omit APP0; printers and photo apps read this
 * field to print at the right size, so we write the bytes ourselves.
 *
 * APP0 layout: FF E0, length (2 bytes, 16), "JFIF\0", version (2), units (1), Xdensity (2),
 * Ydensity (2), thumbnail width (1), thumbnail height (1).
 */
export function setJfifDensity(jpeg: Uint8Array, dpi: number): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('Not a JPEG');
  const isJfifApp0 =
    jpeg[2] === 0xff &&
    jpeg[3] === 0xe0 &&
    jpeg[6] === 0x4a && // J
    jpeg[7] === 0x46 && // F
    jpeg[8] === 0x49 && // I
    jpeg[9] === 0x46 && // F
    jpeg[10] === 0x00;
  if (isJfifApp0) {
    const out = jpeg.slice();
    writeDensity(out, 4, dpi);
    return out;
  }
  // No JFIF header: insert one right after SOI.
  const app0 = new Uint8Array(18);
  app0.set([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01]);
  writeDensity(app0, 2, dpi);
  const out = new Uint8Array(jpeg.length + app0.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(app0, 2);
  out.set(jpeg.subarray(2), 2 + app0.length);
  return out;
}

/** `at` is the offset of the segment's length field. */
function writeDensity(bytes: Uint8Array, at: number, dpi: number) {
  const units = at + 2 + 5 + 2; // after length, "JFIF\0" and version
  bytes[units] = 1; // dots per inch
  bytes[units + 1] = (dpi >> 8) & 0xff;
  bytes[units + 2] = dpi & 0xff;
  bytes[units + 3] = (dpi >> 8) & 0xff;
  bytes[units + 4] = dpi & 0xff;
}

/** Reads the JFIF density back: { units, x, y }, or null when there is no JFIF APP0. */
export function readJfifDensity(jpeg: Uint8Array): { units: number; x: number; y: number } | null {
  if (jpeg[2] !== 0xff || jpeg[3] !== 0xe0 || jpeg[6] !== 0x4a) return null;
  const u = 4 + 2 + 5 + 2;
  return {
    units: jpeg[u] ?? 0,
    x: ((jpeg[u + 1] ?? 0) << 8) | (jpeg[u + 2] ?? 0),
    y: ((jpeg[u + 3] ?? 0) << 8) | (jpeg[u + 4] ?? 0),
  };
}
