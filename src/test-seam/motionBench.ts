import { encodeInWorker, requestFor, type MotionTarget } from '../features/motion/exporter';
import type { MotionFormat } from '../features/motion/meta';
import { stripSettingsAtom } from '../features/strip/state';
import { stripDesign } from '../features/strip/template/design';
import { savedDesignsAtom } from '../features/strip/template/store';
import { capturedPhotosAtom } from '../state/session';
import { store } from '../state/store';

/** Motion exports on the session's photos, timed from the call to the file (bench). */
export const motionBench = {
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
