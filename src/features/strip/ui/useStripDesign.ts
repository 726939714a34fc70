import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { readablePhotosAtom } from '../../../state/session';
import { stripSettingsAtom } from '../state';
import type { StripDesign } from '../compose';
import type { ComposerPhoto } from '../protocol';

/** The composer's input from the shared state: the design in the visitor's language and the photos. */
export function useStripDesign(): { design: StripDesign; photos: ComposerPhoto[] } {
  const { t, lang } = useI18n();
  const settings = useAtomValue(stripSettingsAtom);
  const captured = useAtomValue(readablePhotosAtom);
  const photos = useMemo(() => captured.map((p) => ({ id: p.id, blob: p.blob, focus: p.focus })), [captured]);
  const firstTakenAt = captured[0]?.takenAt;
  const design = useMemo<StripDesign>(
    () => ({
      layoutId: settings.layoutId,
      background: settings.background,
      frameId: settings.frameId,
      stickers: settings.stickers,
      caption: settings.caption,
      dateText: settings.showDate
        ? new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(firstTakenAt ?? Date.now()))
        : '',
      masthead: t('strip.masthead'),
    }),
    [settings, lang, t, firstTakenAt],
  );
  return { design, photos };
}
