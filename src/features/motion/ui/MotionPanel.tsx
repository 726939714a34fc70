import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { canShareFiles, canShareFileType, shareFiles } from '../../../lib/share';
import { readablePhotosAtom, movingStripAtom } from '../../../state/session';
import { saveBlob } from '../../strip/export';
import { MOTION_FORMATS, type MotionFormat } from '../meta';
import { motionFormatAtom, motionJobAtom, mp4SupportAtom } from '../state';
import type { MotionMaker } from './useMotionMaker';
import './motion.css';

/**
 * Motion on the preview page: the format (MP4 or GIF), the moving strip played in the strip
 * preview, saved or shared, each shot's boomerang saved, and the running encode's progress with a
 * cancel. Shown when at least one shot has a burst. `maker`: the page's one useMotionMaker (the ZIP
 * uses it too).
 */
export function MotionPanel({ maker }: { maker: MotionMaker }) {
  const { t } = useI18n();
  const photos = useAtomValue(readablePhotosAtom);
  const support = useAtomValue(mp4SupportAtom);
  const setPicked = useSetAtom(motionFormatAtom);
  const job = useAtomValue(motionJobAtom);
  const [moving, setMoving] = useAtom(movingStripAtom);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const { format, make, makeAll, hasMotion } = maker;
  const mp4Why = support?.mp4 ?? null;
  // The button says what it will do: share where this browser can share such files, else download them.
  const sharable = canShareFileType(`motion.${format}`, format === 'mp4' ? 'video/mp4' : 'image/gif');

  // A new design, new photos or another format (a new `make`): the moving strip shown is no longer this one.
  useEffect(() => () => setMoving(null), [make, setMoving]);
  useEffect(() => {
    if (!moving) return;
    const { url } = moving;
    return () => URL.revokeObjectURL(url);
  }, [moving]);

  if (!hasMotion) return null;

  const run = async (work: () => Promise<string | null>) => {
    if (job) return;
    setStatus(null);
    try {
      const text = await work();
      if (text) setStatus({ text });
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'NotAllowedError') setStatus({ text: t('motion.shareAgain') });
      else if (name === 'AbortError') setStatus({ text: t('motion.cancelled') });
      else setStatus({ text: t('motion.failed'), error: true });
    }
  };

  const play = () =>
    run(async () => {
      if (moving) {
        setMoving(null);
        return null;
      }
      const file = await make('strip');
      if (file) setMoving({ url: URL.createObjectURL(file), type: file.type });
      return null;
    });

  const save = (target: 'strip' | number) =>
    run(async () => {
      const file = await make(target);
      if (!file) return null;
      await saveBlob(file, file.name);
      return t('strip.downloaded', { name: file.name });
    });

  const share = () =>
    run(async () => {
      const files = await makeAll();
      if (!canShareFiles(files)) {
        for (const f of files) await saveBlob(f, f.name);
        return t('motion.sharedAsDownloads');
      }
      // After a long encode the tap's permission to open the share sheet may have run out
      // (NotAllowedError): the files are made by then, so a second tap shares at once.
      await shareFiles(files);
      return null;
    });

  return (
    <section className="motion-panel" aria-labelledby="motion-heading" data-testid="motion-panel" data-format={format}>
      <h2 id="motion-heading">{t('motion.title')}</h2>
      <fieldset disabled={!!job}>
        <legend>{t('motion.format')}</legend>
        {MOTION_FORMATS.map((f: MotionFormat) => (
          <label key={f} className="booth-check">
            <input
              type="radio"
              name="motion-format"
              value={f}
              checked={format === f}
              disabled={f === 'mp4' && mp4Why !== null}
              onChange={() => setPicked(f)}
            />
            <span>{t(`motion.formats.${f}`)}</span>
          </label>
        ))}
      </fieldset>
      {mp4Why && <p className="hint">{t(`motion.mp4Why.${mp4Why}`)}</p>}
      <div className="action-row">
        <button type="button" className="btn btn-primary" onClick={play} disabled={!!job} aria-pressed={!!moving} data-testid="motion-play">
          {moving ? t('motion.stop') : t('motion.play')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => save('strip')} disabled={!!job} data-testid="motion-save-strip">
          {t('motion.saveStrip')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={share} disabled={!!job} data-testid="motion-share">
          {sharable ? t('motion.share') : t('motion.downloadAll')}
        </button>
      </div>
      <div className="action-row">
        {photos.map((p, i) =>
          p.motion ? (
            <button key={p.id} type="button" className="btn btn-ghost" onClick={() => save(i)} disabled={!!job} data-testid={`motion-save-${i + 1}`}>
              {t('motion.saveBoomerang', { n: i + 1 })}
            </button>
          ) : null,
        )}
      </div>
      {job && (
        <div className="motion-progress" data-testid="motion-progress">
          <progress max={1} value={job.progress} aria-label={job.label} />
          <span>{t('motion.progress', { what: job.label, percent: Math.round(job.progress * 100) })}</span>
          <button type="button" className="btn btn-ghost" onClick={job.cancel} data-testid="motion-cancel">
            {t('motion.cancel')}
          </button>
        </div>
      )}
      <p className={status?.error ? 'notice error' : 'export-status'} role="status" aria-live="polite">
        {status?.text}
      </p>
    </section>
  );
}
