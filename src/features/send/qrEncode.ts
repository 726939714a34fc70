import { correction, generate, mode } from 'lean-qr';

/** Only 7-bit ASCII: byte mode with no ECI header, which every reader takes as it is. */
const ASCII = /^\p{ASCII}*$/u;

/**
 * A QR code's modules for `text` (lean-qr: MIT, ~7 KB, no dependencies, no run-time I/O).
 *
 * Byte mode (plain for ASCII, as the booth's URLs and the phone's answers are; UTF-8 with its ECI
 * otherwise). The smallest version that fits at correction level L: bigger modules read better at
 * arm's length from a webcam (a 250-character URL is version 10, 57 modules, where M would need
 * version 11). lean-qr then raises the correction level as far as that version has room for, so
 * the code is no bigger for it.
 */
export function qrMatrix(text: string): { size: number; dark: (x: number, y: number) => boolean } {
  const data = ASCII.test(text) ? mode.ascii(text) : mode.utf8(text);
  const code = generate(data, { minCorrectionLevel: correction.L });
  return { size: code.size, dark: (x, y) => code.get(x, y) };
}

/** The SVG path of the dark modules, one unit per module, offset by a quiet zone of `quiet` modules. */
export function qrPath(text: string, quiet = 4): { path: string; side: number } {
  const { size, dark } = qrMatrix(text);
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!dark(x, y)) continue;
      // Runs of dark modules along a row as one rectangle each.
      let run = 1;
      while (x + run < size && dark(x + run, y)) run++;
      path += `M${x + quiet} ${y + quiet}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return { path, side: size + quiet * 2 };
}
