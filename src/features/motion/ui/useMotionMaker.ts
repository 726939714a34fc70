import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { readablePhotosAtom } from '../../../state/session';
import type { StripDesign } from '../../strip/compose';
import { exportBaseName } from '../../strip/export';
import { encodeInWorker, motionFileName, recall, remember, requestFor, type MotionTarget } from '../exporter';
import type { MotionFormat } from '../meta';
import { motionFormatAtom, motionJobAtom, mp4SupportAtom } from '../state';

/**
 * Makes motion files for the preview page: the format the visitor picked (GIF where MP4 cannot be
 * made), one encode at a time with its progress and cancel in the store (motionJobAtom), each
 * file made once per design (exporter's cache).
 */
export function useMotionMaker(design: StripDesign) {
  const { t } = useI18n();
  const photos = useAtomValue(readablePhotosAtom);
  const support = useAtomValue(mp4SupportAtom);
  const picked = useAtomValue(motionFormatAtom);
  const setJob = useSetAtom(motionJobAtom);
  const format: MotionFormat = picked === 'mp4' && support && support.mp4 === null ? 'mp4' : 'gif';

  /** The file for a target (null when it has no motion); rejects with AbortError when cancelled. */
  const make = useCallback(
    async (target: MotionTarget): Promise<File | null> => {
      const request = requestFor(target, format, photos, design);
      if (!request) return null;
      let blob = recall(request.key);
      if (!blob) {
        const abort = new AbortController();
        const label = target === 'strip' ? t('motion.makingStrip') : t('motion.makingBoomerang', { n: target + 1 });
        setJob({ label, progress: 0, cancel: () => abort.abort() });
        try {
          const onProgress = (progress: number) => setJob((job) => job && { ...job, progress });
          blob = (await encodeInWorker(request.req, onProgress, abort.signal)).blob;
          remember(request.key, blob);
        } finally {
          setJob(null);
        }
      }
      return new File([blob], motionFileName(exportBaseName(), target, format), { type: blob.type });
    },
    [format, photos, design, setJob, t],
  );

  /** The moving strip and every boomerang, one after another (for the ZIP and the share sheet). */
  const makeAll = useCallback(async (): Promise<File[]> => {
    const files: File[] = [];
    for (const target of ['strip' as const, ...photos.map((_, i) => i)]) {
      const file = await make(target);
      if (file) files.push(file);
    }
    return files;
  }, [make, photos]);

  return { format, make, makeAll, hasMotion: photos.some((p) => p.motion) };
}

export type MotionMaker = ReturnType<typeof useMotionMaker>;
