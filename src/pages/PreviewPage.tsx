import { useAtom, useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { LangLink } from '../components/LangLink';
import { ExportActions } from '../features/strip/ui/ExportActions';
import { PhotoThumbs } from '../features/strip/ui/PhotoThumbs';
import { SharePanel } from '../features/strip/ui/SharePanel';
import { StripControls } from '../features/strip/ui/StripControls';
import { StripPreview } from '../features/strip/ui/StripPreview';
import { useStripDesign } from '../features/strip/ui/useStripDesign';
import '../features/strip/ui/preview.css';
import { Spinner } from '../components/Spinner';
import { useI18n } from '../i18n/I18nProvider';
import { photoRoll } from '../state/photos';
import { capturedPhotosAtom, unreadablePhotosAtom } from '../state/session';
import { storageStatusAtom } from '../features/strip/state';
import { ClearSession } from '../storage/ClearSession';
import { sharedComposer } from '../features/strip/ready';
import { MotionPanel } from '../features/motion/ui/MotionPanel';
import { MotionLoop } from '../features/motion/ui/MotionLoop';
import { useMotionMaker } from '../features/motion/ui/useMotionMaker';
import { PrintPanel } from '../features/print/PrintPanel';

/** The preview screen: the captured photos become a strip the visitor customises, downloads and shares. */
export default function PreviewPage() {
  const { t } = useI18n();
  const captured = useAtomValue(capturedPhotosAtom);
  const unreadable = useAtomValue(unreadablePhotosAtom);
  const storage = useAtomValue(storageStatusAtom);
  const { design, photos } = useStripDesign();
  // The page's one composer, shared with the booth (which drew this strip ahead: strip/ready.ts).
  const [composer] = useState(sharedComposer);
  const motion = useMotionMaker(design);

  // Free the composer's decoded bitmaps of photos that are gone.
  useEffect(() => {
    composer?.keepOnly(photos.map((p) => p.id));
  }, [composer, photos]);

  if (captured.length === 0) {
    // While the saved session is read, the empty card holds its place (hidden, under a spinner):
    // a first visit then shows it without anything moving.
    const loading = storage === 'loading';
    return (
      <section className="page narrow preview-page">
        <h1>{t('preview.title')}</h1>
        <div className="preview-empty-slot">
          {loading && <Spinner label={t('common.loading')} />}
          <div className={`card preview-empty${loading ? ' is-loading' : ''}`} data-testid={loading ? undefined : 'preview-empty'}>
            <h2>{t('preview.emptyTitle')}</h2>
            <p>{t('preview.emptyText')}</p>
            <LangLink href="/photobooth" className="btn btn-primary btn-large">
              {t('preview.goToBooth')}
            </LangLink>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="page preview-page">
      <h1>{t('preview.title')}</h1>
      <p className="preview-intro">{t('preview.intro')}</p>
      <UnreadableNotice />
      <div className="preview-layout">
        <StripPreview composer={composer} design={design} photos={photos} />
        <div className="preview-side">
          <StripControls />
          <ExportActions composer={composer} design={design} photos={photos} extraFiles={motion.hasMotion ? motion.makeAll : undefined} />
          <PrintPanel composer={composer} design={design} photos={photos} />
          <MotionPanel maker={motion} />
          <SharePanel composer={composer} design={design} photos={photos} />
          <div className="action-row session-actions">
            <LangLink href="/photobooth" className="btn btn-primary">
              {t('preview.takeNew')}
            </LangLink>
            <ClearSession label={t('preview.clear')} />
          </div>
          {storage === 'saved' && <p className="hint">{t('storage.saved')}</p>}
        </div>
      </div>
      <PhotoThumbs
        photos={captured}
        media={(p, alt) =>
          unreadable.has(p.id) ? (
            <div className="preview-photo-damaged" role="img" aria-label={alt}>
              ⚠
            </div>
          ) : (
            p.motion && <MotionLoop clip={p.motion} width={320} label={t('preview.motionAlt', { photo: alt })} />
          )
        }
      />
    </section>
  );
}

/**
 * Saved photos whose bytes cannot be decoded: named, left out of the strip, the JPG, the ZIP and
 * motion (readablePhotosAtom), each with a way to remove it from the session.
 */
function UnreadableNotice() {
  const { t } = useI18n();
  const store = useStore();
  const captured = useAtomValue(capturedPhotosAtom);
  const [bad, setBad] = useAtom(unreadablePhotosAtom);
  const shown = captured.map((p, i) => ({ id: p.id, n: i + 1 })).filter((p) => bad.has(p.id));
  if (!shown.length) return null;
  const remove = (id: string) => {
    photoRoll.remove(store, id);
    setBad((prev) => new Set([...prev].filter((x) => x !== id)));
  };
  return (
    <div className="notice error" role="status" data-testid="unreadable-photos">
      {shown.map(({ id, n }) => (
        <p key={id} className="action-row">
          <span>{t('preview.unreadable', { n })}</span>{' '}
          <button type="button" className="btn btn-secondary" onClick={() => remove(id)} data-testid={`remove-unreadable-${n}`}>
            {t('preview.removeUnreadable', { n })}
          </button>
        </p>
      ))}
    </div>
  );
}
