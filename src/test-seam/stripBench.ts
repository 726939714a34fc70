import { StripComposer } from '../features/strip/composer';
import type { StripDesign } from '../features/strip/compose';
import { exportStripJpeg } from '../features/strip/export';
import type { ResolutionId } from '../features/strip/layouts';
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
};
