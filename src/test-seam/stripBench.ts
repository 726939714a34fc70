import { StripComposer } from '../features/strip/composer';
import type { StripDesign } from '../features/strip/compose';
import { exportStripJpeg } from '../features/strip/export';
import { stripSize, type ResolutionId } from '../features/strip/layouts';
import { DEFAULT_STRIP_SETTINGS } from '../features/strip/meta';
import { benchDesign } from './benchDesign';
import { stripSettingsAtom } from '../features/strip/state';
import { stripDesign } from '../features/strip/template/design';
import { savedDesignsAtom } from '../features/strip/template/store';
import { capturedPhotosAtom } from '../state/session';
import { store } from '../state/store';

let composer: StripComposer | null = null;

/** The session's photos and strip settings, as the preview screen composes them (bench). */
export const stripBench = {
  photos: () => store.get(capturedPhotosAtom).map((p) => ({ id: p.id, blob: p.blob, focus: p.focus })),
  exportJpeg(resolution: ResolutionId): Promise<Blob> {
    composer ??= new StripComposer();
    const s = store.get(stripSettingsAtom);
    const design: StripDesign = stripDesign({
      settings: { ...s, showDate: false },
      saved: store.get(savedDesignsAtom),
      count: stripBench.photos().length,
      lang: 'en',
      masthead: 'Photobooth',
      takenAt: Date.now(),
    });
    return exportStripJpeg(composer, design, stripBench.photos(), resolution);
  },
  /**
   * The session's photos composed (and encoded, or not) with the classic built-in or with a host's
   * design of an overlay, a logo and three text layers (./benchDesign.ts), through the same composer.
   */
  async compose(which: 'classic' | 'custom', resolution: ResolutionId, encode: boolean): Promise<number> {
    composer ??= new StripComposer();
    const photos = stripBench.photos();
    const custom = which === 'custom' ? (benchDesignOnce ??= benchDesign()) : null;
    const saved = custom ? [await custom] : [];
    const design = stripDesign({
      settings: { ...DEFAULT_STRIP_SETTINGS, layoutId: custom ? 'my-bench' : 'classic', caption: 'Our day' },
      saved,
      count: photos.length,
      lang: 'en',
      masthead: 'Photobooth',
      takenAt: Date.now(),
    });
    const { width, height } = stripSize(design.template.paper, resolution);
    const t0 = performance.now();
    if (encode) await composer.renderJpeg(design, photos, width, height);
    else (await composer.renderBitmap(design, photos, width, height)).close();
    return performance.now() - t0;
  },
};

let benchDesignOnce: ReturnType<typeof benchDesign> | null = null;
