import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { readablePhotosAtom } from '../../../state/session';
import { stripSettingsAtom } from '../state';
import type { StripDesign } from '../compose';
import type { ComposerPhoto } from '../protocol';
import { stripDesign } from '../template/design';
import { useSavedDesigns } from './useSavedDesigns';

/** The composer's input from the shared state: the design in the visitor's language and the photos. */
export function useStripDesign(): { design: StripDesign; photos: ComposerPhoto[] } {
  const { t, lang } = useI18n();
  const settings = useAtomValue(stripSettingsAtom);
  const saved = useSavedDesigns();
  const captured = useAtomValue(readablePhotosAtom);
  const photos = useMemo(() => captured.map((p) => ({ id: p.id, blob: p.blob, focus: p.focus })), [captured]);
  const firstTakenAt = captured[0]?.takenAt;
  const count = photos.length;
  const design = useMemo<StripDesign>(
    // Without photos yet, the date of now (a preview of an empty strip).
    () => stripDesign({ settings, saved, count, lang, masthead: t('strip.masthead'), takenAt: firstTakenAt ?? Date.now() }),
    [settings, saved, count, lang, t, firstTakenAt],
  );
  return { design, photos };
}
