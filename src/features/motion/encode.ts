import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { BufferTarget, CanvasSource, Mp4OutputFormat, Output, QUALITY_HIGH } from 'mediabunny';
import type { Ctx2D } from '../strip/draw';
import { h264Size, type MotionFormat } from './meta';
import type { FrameSequence } from './frames';

const aborted = () => Object.assign(new Error('The encode was cancelled'), { name: 'AbortError' });

/**
 * H.264 in MP4 through WebCodecs, muxed by mediabunny: each frame drawn to an OffscreenCanvas and
 * added at its own timestamp (1/fps apart), so the file lasts exactly count/fps seconds.
 */
async function encodeMp4(seq: FrameSequence, canvas: OffscreenCanvas, ctx: Ctx2D, progress: (p: number) => void, signal: AbortSignal) {
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target: new BufferTarget() });
  const source = new CanvasSource(canvas, { codec: 'avc', bitrate: QUALITY_HIGH, keyFrameInterval: 1 });
  output.addVideoTrack(source, { frameRate: seq.fps });
  await output.start();
  try {
    for (let i = 0; i < seq.count; i++) {
      if (signal.aborted) throw aborted();
      await seq.draw(ctx, i);
      await source.add(i / seq.fps, 1 / seq.fps);
      progress((i + 1) / seq.count);
    }
    await output.finalize();
  } catch (error) {
    await output.cancel().catch(() => undefined);
    throw error;
  }
  return new Blob([output.target.buffer!], { type: 'video/mp4' });
}

/** Every `step`-th pixel of RGBA data. */
function everyNth(data: Uint8ClampedArray, step: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(Math.ceil(data.length / 4 / step) * 4);
  for (let i = 0, o = 0; i < data.length; i += 4 * step, o += 4) out.set(data.subarray(i, i + 4), o);
  return out;
}

/**
 * GIF through gifenc with one 256-colour palette for the whole file, built from a sample of three
 * frames (the start, a quarter and the middle of the loop: a boomerang's scene changes little).
 * Building a palette is most of a frame's cost (~100 ms at 720 px here, against ~25 ms to map
 * and write it), so one palette makes the GIF ~4× faster than a palette per frame, and smaller.
 */
async function encodeGif(seq: FrameSequence, ctx: Ctx2D, progress: (p: number) => void, signal: AbortSignal) {
  const pixels = () => ctx.getImageData(0, 0, seq.width, seq.height).data;
  const samples: Uint8ClampedArray[] = [];
  for (const i of new Set([0, Math.floor(seq.count / 4), Math.floor(seq.count / 2)])) {
    await seq.draw(ctx, i);
    samples.push(everyNth(pixels(), 3));
  }
  const sample = new Uint8ClampedArray(samples.reduce((n, s) => n + s.length, 0));
  samples.reduce((at, s) => (sample.set(s, at), at + s.length), 0);
  const palette = quantize(sample, 256);

  const gif = GIFEncoder();
  const delay = Math.round(1000 / seq.fps);
  for (let i = 0; i < seq.count; i++) {
    if (signal.aborted) throw aborted();
    await seq.draw(ctx, i);
    // The palette goes with the first frame only: it becomes the file's global colour table.
    gif.writeFrame(applyPalette(pixels(), palette), seq.width, seq.height, { palette: i === 0 ? palette : undefined, delay, repeat: 0 });
    progress((i + 1) / seq.count);
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: 'image/gif' });
}

/** Encodes every frame of `seq` as `format`; `progress` gets 0..1 as frames are done. The file's frame size comes with it. */
export async function encodeSequence(
  seq: FrameSequence,
  format: MotionFormat,
  progress: (p: number) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; width: number; height: number }> {
  // H.264 takes even sides only: an odd-sized sequence (a burst kept by an older version, say) is
  // drawn at its own size onto an even canvas, losing at most its last column or row.
  const { width, height } = format === 'mp4' ? h264Size(seq.width, seq.height) : seq;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { alpha: false, willReadFrequently: format === 'gif' }) as Ctx2D | null;
  if (!ctx) throw new Error('No 2D context');
  try {
    const blob = format === 'mp4' ? await encodeMp4(seq, canvas, ctx, progress, signal) : await encodeGif(seq, ctx, progress, signal);
    return { blob, width, height };
  } finally {
    seq.dispose();
  }
}
