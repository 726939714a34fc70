import { encodeInWorker, requestFor, type MotionTarget } from '../features/motion/exporter';
import type { MotionFormat } from '../features/motion/meta';
import { stripSettingsAtom } from '../features/strip/state';
import { stripDesign } from '../features/strip/template/design';
import { savedDesignsAtom } from '../features/strip/template/store';
import { capturedPhotosAtom } from '../state/session';
import { store } from '../state/store';

/** Motion exports on the session's photos, timed from the call to the file (bench). */
export const motionBench = {
  /**
   * A boomerang of `frames` made-up frames at exactly `width` × `height` (odd sides allowed),
   * encoded as `format` in the motion worker; the file comes back as base64 with the size the
   * worker reports.
   */
  async encodeMadeUp(width: number, height: number, format: MotionFormat, frames = 4): Promise<{ width: number; height: number; base64: string }> {
    const blobs: Blob[] = [];
    for (let i = 0; i < frames; i++) {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = `hsl(${i * 80} 70% 50%)`;
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#fff';
      ctx.fillRect((i * width) / frames, height / 4, width / frames, height / 2);
      blobs.push(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 }));
    }
    const clip = { frames: blobs, fps: 15, width, height, shutterIndex: 0 };
    const out = await encodeInWorker({ format, spec: { kind: 'boomerang', clip } }, () => undefined, new AbortController().signal);
    const bytes = new Uint8Array(await out.blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { width: out.width, height: out.height, base64: btoa(binary) };
  },
  /** Bytes the session's bursts hold (each distinct frame once). */
  burstBytes(): number[] {
    return store.get(capturedPhotosAtom).map((p) => [...new Set(p.motion?.frames ?? [])].reduce((sum, b) => sum + b.size, 0));
  },
  async encode(target: MotionTarget, format: MotionFormat): Promise<{ ms: number; bytes: number; seconds: number; width: number; height: number }> {
    const s = store.get(stripSettingsAtom);
    const count = store.get(capturedPhotosAtom).length;
    const design = stripDesign({ settings: { ...s, showDate: false }, saved: store.get(savedDesignsAtom), count, lang: 'en', masthead: 'Photobooth', takenAt: Date.now() });
    const request = requestFor(target, format, store.get(capturedPhotosAtom), design);
    if (!request) throw new Error(`no motion for ${target}`);
    const t0 = performance.now();
    const out = await encodeInWorker(request.req, () => undefined, new AbortController().signal);
    return { ms: performance.now() - t0, bytes: out.blob.size, seconds: out.seconds, width: out.width, height: out.height };
  },
};
