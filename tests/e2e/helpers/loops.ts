import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Whether a loop moves, judged within the loop: its frames other than the shutter's (the still,
 * which differs from the preview's frames anyway) against each other. With a clip that loops
 * every second a frame can be the still's very picture, so a loop is never judged against the
 * still or another shot.
 */

/** Pixels (0–1) that differ by more than `level` (sum over the channels) between two RGBA arrays. */
export const CHANGED_LEVEL = 24;

/** The most of loop `i`'s canvas that changed between two of its readings over 3 s, the shutter's frame left out. */
export function canvasLoopMotion(page: Page, i: number): Promise<number> {
  return page.evaluate(
    async ({ i, level }) => {
      const canvas = document.querySelectorAll<HTMLCanvasElement>('[data-testid="motion-loop"]')[i]!;
      const ctx = canvas.getContext('2d')!;
      while (canvas.dataset.shown === undefined) await new Promise((r) => setTimeout(r, 50));
      const shutter = String(Number(canvas.dataset.shutterIndex ?? 0));
      const readings: Uint8ClampedArray[] = [];
      for (const until = performance.now() + 3000; performance.now() < until; ) {
        await new Promise((r) => setTimeout(r, 60));
        if (canvas.dataset.shown !== shutter) readings.push(ctx.getImageData(0, 0, canvas.width, canvas.height).data);
      }
      let most = 0;
      for (const b of readings.slice(1)) {
        const a = readings[0]!;
        let n = 0;
        for (let p = 0; p < a.length; p += 4) if (Math.abs(a[p]! - b[p]!) + Math.abs(a[p + 1]! - b[p + 1]!) + Math.abs(a[p + 2]! - b[p + 2]!) > level) n++;
        most = Math.max(most, n / (a.length / 4));
      }
      return most;
    },
    { i, level: CHANGED_LEVEL },
  );
}

/** The most of burst `i`'s frames (as kept in the session) that changed between two of them, the shutter's left out. */
export function burstMotion(page: Page, i: number): Promise<number> {
  return page.evaluate(
    async ({ i, level }) => {
      const { frames } = window.__pbTest!.photoBlobs(i);
      const shutter = window.__pbTest!.photos()[i]!.motion!.shutterIndex;
      const px: Uint8ClampedArray[] = [];
      for (const [k, f] of frames.entries()) {
        if (k === shutter) continue;
        const bitmap = await createImageBitmap(f, { resizeWidth: 160, resizeHeight: 90 });
        const ctx = new OffscreenCanvas(160, 90).getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        bitmap.close();
        px.push(ctx.getImageData(0, 0, 160, 90).data);
      }
      let most = 0;
      for (const a of px)
        for (const b of px) {
          let n = 0;
          for (let p = 0; p < a.length; p += 4) if (Math.abs(a[p]! - b[p]!) + Math.abs(a[p + 1]! - b[p + 1]!) + Math.abs(a[p + 2]! - b[p + 2]!) > level) n++;
          most = Math.max(most, n / (a.length / 4));
        }
      return most;
    },
    { i, level: CHANGED_LEVEL },
  );
}

/** Every frame of a saved MP4 or GIF, decoded by ffmpeg (not the browser) to grey at `width`×`height`. */
export function decodeFrames(bytes: Buffer, ext: 'mp4' | 'gif', width: number, height: number): Buffer[] {
  const file = join(mkdtempSync(join(tmpdir(), 'pb-loops-')), `file.${ext}`);
  writeFileSync(file, bytes);
  const raw = execFileSync('ffmpeg', ['-loglevel', 'error', '-i', file, '-vsync', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${width}x${height}`, '-'], {
    maxBuffer: 1 << 28,
  });
  const size = width * height;
  return Array.from({ length: raw.length / size }, (_, k) => raw.subarray(k * size, (k + 1) * size));
}

export type Region = { x: number; y: number; w: number; h: number };

/** The largest mean difference (0–255) over `region` between two frames of a file, frame `skip` (the shutter's still) left out. */
export function framesMotion(frames: Buffer[], width: number, height: number, region: Region = { x: 0, y: 0, w: 1, h: 1 }, skip = 0): number {
  const [x0, x1] = [Math.round(region.x * width), Math.round((region.x + region.w) * width)];
  const [y0, y1] = [Math.round(region.y * height), Math.round((region.y + region.h) * height)];
  const mean = (a: Buffer, b: Buffer) => {
    let sum = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += Math.abs(a[y * width + x]! - b[y * width + x]!);
    return sum / ((x1 - x0) * (y1 - y0));
  };
  const kept = frames.filter((_, k) => k !== skip);
  let most = 0;
  for (const a of kept) for (const b of kept) most = Math.max(most, mean(a, b));
  return most;
}

/** Waits for `count` loops, each with a picture on its canvas. */
export async function expectLoops(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('motion-loop')).toHaveCount(count, { timeout: 30_000 });
  for (let i = 0; i < count; i++) await expect(page.getByTestId('motion-loop').nth(i)).toHaveAttribute('data-shown', /\d/, { timeout: 20_000 });
}
