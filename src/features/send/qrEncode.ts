import { correction, generate } from 'lean-qr';

/**
 * A QR code's modules for `text` (lean-qr: MIT, no run-time I/O). Correction level L at least (the
 * smallest code that fits: bigger modules read better at arm's length from a webcam), more where
 * the chosen version has room.
 */
export function qrMatrix(text: string): { size: number; dark: (x: number, y: number) => boolean } {
  const code = generate(text, { minCorrectionLevel: correction.L });
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
