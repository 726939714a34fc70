import { readFileSync } from 'node:fs';

/** The JPEG frames of an MJPEG clip (each from its SOI to its EOI marker). */
export function mjpegFrames(path: string): Buffer[] {
  const data = readFileSync(path);
  const frames: Buffer[] = [];
  let start = -1;
  for (let i = 0; i < data.length - 1; i++) {
    if (data[i] !== 0xff) continue;
    if (data[i + 1] === 0xd8 && start < 0) start = i;
    else if (data[i + 1] === 0xd9 && start >= 0) {
      frames.push(data.subarray(start, i + 2));
      start = -1;
    }
  }
  return frames;
}
