import type { CapturedPhoto } from '../../state/session';
import { connect } from '../../workers/bridge';
import type { StripDesign } from '../strip/compose';
import { motionSize, STRIP_LONG_SIDE, type MotionFormat } from './meta';
import type { EncodeRequest, EncodeResult, MotionApi, MotionEvents } from './protocol';

/** What an export makes: the moving strip, or shot i's boomerang. */
export type MotionTarget = 'strip' | number;

/**
 * Runs one encode in a worker of its own, terminated as soon as the encode ends, fails or is
 * cancelled (`signal`): a cancelled export leaves no worker, and no decoded frame, behind.
 */
export async function encodeInWorker(req: EncodeRequest, onProgress: (p: number) => void, signal: AbortSignal): Promise<EncodeResult> {
  const bridge = connect<MotionApi, MotionEvents>(
    () => new Worker(new URL('./motion.worker.ts', import.meta.url), { type: 'module', name: 'motion-encoder' }),
  );
  bridge.on('progress', onProgress);
  const stop = () => bridge.terminate();
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await bridge.call('encode', req, { signal });
  } catch (error) {
    // Cancelled: whichever came first (the call's abort or the worker's end), it is an AbortError.
    if (signal.aborted) throw new DOMException('The export was cancelled', 'AbortError');
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
    bridge.terminate();
  }
}

/**
 * The request for a target, and a key naming what it would make (format, photos, design), or null
 * when the target has no motion (a shot taken with motion off).
 */
export function requestFor(
  target: MotionTarget,
  format: MotionFormat,
  photos: CapturedPhoto[],
  design: StripDesign,
): { req: EncodeRequest; key: string } | null {
  if (target !== 'strip') {
    const photo = photos[target];
    if (!photo?.motion) return null;
    return { req: { format, spec: { kind: 'boomerang', clip: photo.motion } }, key: JSON.stringify([format, photo.id]) };
  }
  if (!photos.some((p) => p.motion)) return null;
  const { w, h } = design.template.paper;
  const { width, height } = motionSize(w, h, STRIP_LONG_SIDE);
  const cells = photos.map((p) => ({ clip: p.motion, still: p.blob, focus: p.focus }));
  const key = JSON.stringify([format, photos.map((p) => [p.id, !!p.motion]), design]);
  return { req: { format, spec: { kind: 'strip', design, cells, width, height } }, key };
}

/** "photobooth-2026-11-24-1530-moving-strip.mp4", "…-boomerang-2.gif". */
export function motionFileName(base: string, target: MotionTarget, format: MotionFormat): string {
  return `${base}-${target === 'strip' ? 'moving-strip' : `boomerang-${target + 1}`}.${format}`;
}

/**
 * Files made this session, by their key (format, photos, design): playing the moving
 * strip and then saving it, or sharing after a ZIP, encodes once. A few entries at most.
 */
const made = new Map<string, Blob>();
const MAX_MADE = 12;

export function recall(key: string): Blob | undefined {
  return made.get(key);
}

export function remember(key: string, blob: Blob): void {
  made.delete(key);
  made.set(key, blob);
  while (made.size > MAX_MADE) made.delete(made.keys().next().value as string);
}
