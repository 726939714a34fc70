import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FLASH_MS } from './meta';
import { boothRendererAtom, countdownAtom, shotCountAtom, shutterSoundAtom } from './state';
import { capturedPhotosAtom, type CapturedPhoto } from '../../state/session';
import { playShutter } from './shutterSound';

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

/**
 * The capture sequence: a countdown before each shot, a flash and shutter sound, each photo into
 * the session atom as it is taken. `retake(i)` replaces shot i only; Escape (cancel) stops the
 * countdown and keeps every photo already taken.
 */
export function useCaptureSequence(onError: (e: unknown) => void) {
  const renderer = useAtomValue(boothRendererAtom);
  const [overlay, setOverlay] = useState<CaptureOverlayState>(IDLE);
  const setPhotos = useSetAtom(capturedPhotosAtom);
  const shots = useAtomValue(shotCountAtom);
  const countdown = useAtomValue(countdownAtom);
  const sound = useAtomValue(shutterSoundAtom);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  /** Shoots at each index in turn (index = position in the photo list). */
  const run = useCallback(
    async (indices: number[], total: number, replaceAll: boolean) => {
      if (!renderer || abortRef.current) return;
      const abort = new AbortController();
      abortRef.current = abort;
      try {
        for (const index of indices) {
          const shot = index + 1;
          for (let s = countdown; s > 0; s--) {
            setOverlay({ kind: 'countdown', shot, total, remaining: s, flash: false });
            await wait(1000, abort.signal);
          }
          setOverlay({ kind: 'shooting', shot, total, flash: true });
          if (sound) playShutter();
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
          await wait(FLASH_MS, abort.signal);
          setOverlay({ kind: 'shooting', shot, total, flash: false });
        }
      } catch (e) {
        if (!(e instanceof Cancelled)) onError(e);
      } finally {
        abortRef.current = null;
        setOverlay(IDLE);
      }
    },
    [renderer, countdown, sound, setPhotos, onError],
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
