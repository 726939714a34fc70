import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FLASH_MS } from './meta';
import { boothRendererAtom, countdownAtom, mirrorPhotosAtom, mirrorPreviewAtom, shotCountAtom, shutterSoundAtom } from './state';
import { capturedPhotosAtom, type CapturedPhoto } from '../../state/session';
import { playShutter } from './shutterSound';
import { BurstRecorder } from '../motion/burst';
import { FRAMES_BEFORE, motionSize } from '../motion/meta';
import { motionOnAtom } from '../motion/state';
import { useMotionUnavailable } from '../motion/ui/MotionSetting';
import { store } from '../../state/store';
import type { PreviewRenderer } from './renderer/previewRenderer';

export type CaptureOverlayState =
  | { kind: 'idle'; flash: boolean }
  | { kind: 'countdown'; shot: number; total: number; remaining: number; flash: boolean }
  | { kind: 'shooting'; shot: number; total: number; flash: boolean };

const IDLE: CaptureOverlayState = { kind: 'idle', flash: false };

class Cancelled extends Error {}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Cancelled());
    const id = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(id);
      reject(new Cancelled());
    });
  });
}

/** A burst of the preview around the coming shot (`before` frames ahead of it), or null without WebGL. */
function startBurst(renderer: PreviewRenderer, before: number): BurstRecorder | null {
  const tap = renderer.frameTap;
  if (!tap) return null;
  // The preview is drawn with the preview's mirroring; the burst follows the photo's.
  const flip = store.get(mirrorPreviewAtom) !== store.get(mirrorPhotosAtom);
  return new BurstRecorder(tap, motionSize(tap.width, tap.height), flip, before);
}

/**
 * The capture sequence: a countdown before each shot, a flash and shutter sound, each photo into
 * the session atom as it is taken. `retake(i)` replaces shot i only; Escape (cancel) stops the
 * countdown and keeps every photo already taken. With motion on, each shot also keeps a burst of
 * the preview from the countdown's last second to ~0.75 s after the shutter; the sequence ends once
 * the last burst is in.
 */
export function useCaptureSequence(onError: (e: unknown) => void) {
  const renderer = useAtomValue(boothRendererAtom);
  const [overlay, setOverlay] = useState<CaptureOverlayState>(IDLE);
  const setPhotos = useSetAtom(capturedPhotosAtom);
  const shots = useAtomValue(shotCountAtom);
  const countdown = useAtomValue(countdownAtom);
  const sound = useAtomValue(shutterSoundAtom);
  const motionWhy = useMotionUnavailable(renderer ? !!renderer.pipeline : null);
  const motion = useAtomValue(motionOnAtom) && !motionWhy;
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  /** Shoots at each index in turn (index = position in the photo list). */
  const run = useCallback(
    async (indices: number[], total: number, replaceAll: boolean) => {
      if (!renderer || abortRef.current) return;
      const abort = new AbortController();
      abortRef.current = abort;
      const bursts: Promise<unknown>[] = [];
      let burst: BurstRecorder | null = null;
      try {
        for (const index of indices) {
          const shot = index + 1;
          for (let s: number = countdown; s > 0; s--) {
            setOverlay({ kind: 'countdown', shot, total, remaining: s, flash: false });
            if (s === 1 && motion) burst = startBurst(renderer, FRAMES_BEFORE);
            await wait(1000, abort.signal);
          }
          if (motion) burst ??= startBurst(renderer, 0); // no countdown: the burst starts at the shutter
          setOverlay({ kind: 'shooting', shot, total, flash: true });
          if (sound) playShutter();
          const shutterAt = performance.now();
          // The filter, mirror and beauty of this very moment (read from the store by the renderer).
          const image = await renderer.capture();
          const photo: CapturedPhoto = {
            id: `${Date.now().toString(36)}-${index}-${Math.random().toString(36).slice(2, 8)}`,
            blob: image.blob,
            width: image.width,
            height: image.height,
            filterId: image.filterId,
            takenAt: Date.now(),
            focus: image.focus,
          };
          // A new sequence replaces the old photos only once its first shot exists, so
          // cancelling during the first countdown loses nothing.
          const first = replaceAll && index === indices[0];
          setPhotos((prev) => {
            const next = first ? [] : prev.slice();
            next[index] = photo;
            return next.filter(Boolean);
          });
          if (burst) {
            const clip = burst.finish(image.blob, shutterAt);
            burst = null;
            bursts.push(clip.then((motion) => motion && setPhotos((prev) => prev.map((p) => (p.id === photo.id ? { ...p, motion } : p)))));
          }
          await wait(FLASH_MS, abort.signal);
          setOverlay({ kind: 'shooting', shot, total, flash: false });
        }
      } catch (e) {
        if (!(e instanceof Cancelled)) onError(e);
      } finally {
        (burst as BurstRecorder | null)?.cancel(); // cancelled in the countdown: that shot has no burst
        await Promise.all(bursts);
        abortRef.current = null;
        setOverlay(IDLE);
      }
    },
    [renderer, countdown, sound, motion, setPhotos, onError],
  );

  const start = useCallback(() => {
    void run(
      Array.from({ length: shots }, (_, i) => i),
      shots,
      true,
    );
  }, [run, shots]);

  const retake = useCallback((index: number, total: number) => void run([index], total, false), [run]);

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  return { overlay, start, retake, cancel, busy: overlay.kind !== 'idle' };
}
