import { qrMatrix } from '../../../src/features/send/qrEncode';
import type { RGBA } from './liveCamera';

/** A QR code of `text` as an RGBA picture (black on white, `px` pixels a module, a 4-module quiet zone). */
export function qrPicture(text: string, px = 8): RGBA {
  const { size, dark } = qrMatrix(text);
  const side = (size + 8) * px;
  const data = Buffer.alloc(side * side * 4, 255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / px) - 4;
      const my = Math.floor(y / px) - 4;
      if (mx < 0 || my < 0 || mx >= size || my >= size || !dark(mx, my)) continue;
      const i = (y * side + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { width: side, height: side, data };
}
