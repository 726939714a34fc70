import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { readablePhotosAtom } from '../../../state/session';
import { stripSettingsAtom } from '../state';
import type { StripDesign } from '../compose';
import type { ComposerPhoto } from '../protocol';
import { stripDesign, type DesignInputs } from '../template/design';
import { useSavedDesigns } from './useSavedDesigns';

/**
 * What the strip's design is made of, from the shared state, and the photos: cheap to gather in a
 * render (the design itself formats dates, whose first formatter costs tens of milliseconds).
 * Without photos yet, the date is now (a preview of an empty strip).
 */
export function useDesignInputs(): { inputs: DesignInputs; photos: ComposerPhoto[] } {
  const { t, lang } = useI18n();
  const settings = useAtomValue(stripSettingsAtom);
  const saved = useSavedDesigns();
  const captured = useAtomValue(readablePhotosAtom);
  const photos = useMemo(() => captured.map((p) => ({ id: p.id, blob: p.blob, focus: p.focus })), [captured]);
  const takenAt = captured[0]?.takenAt;
  const count = photos.length;
  const masthead = t('strip.masthead');
  const inputs = useMemo<DesignInputs>(
    () => ({ settings, saved, count, lang, masthead, takenAt: takenAt ?? Date.now() }),
    [settings, saved, count, lang, masthead, takenAt],
  );
  return { inputs, photos };
}

/** The composer's input from the shared state: the design in the visitor's language and the photos. */
export function useStripDesign(): { design: StripDesign; photos: ComposerPhoto[] } {
  const { inputs, photos } = useDesignInputs();
  const design = useMemo(() => stripDesign(inputs), [inputs]);
  return { design, photos };
}
