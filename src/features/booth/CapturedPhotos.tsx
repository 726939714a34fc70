import { useAtomValue } from 'jotai';
import { useI18n } from '../../i18n/I18nProvider';
import { capturedPhotosAtom, unsavedPhotoIdsAtom, type CapturedPhoto } from '../../state/session';
import { storageStatusAtom } from '../strip/state';
import { shotCountAtom } from './state';
import { LangLink } from '../../components/LangLink';
import { useObjectUrl } from '../../components/useObjectUrl';
import { MotionLoop } from '../motion/ui/MotionLoop';

/**
 * The shots tray under the live picture, in view without scrolling (as a camera app's review
 * strip): each shot lands here as it is taken, with its retake, and once the sequence is over one
 * primary control goes on to the strip (also Enter, src/features/booth/actions.ts). It is always
 * there, so the picture never changes size: before any photo it holds a place for each shot
 * to come, and while a sequence runs, the shots still to come keep theirs.
 */
export function CapturedPhotos({
  onRetake,
  busy,
  canShoot,
  total,
}: {
  onRetake: (index: number, total: number) => void;
  busy: boolean;
  canShoot: boolean;
  /** Shots in the running sequence (empty places are kept for those still to come). */
  total: number;
}) {
  const { t } = useI18n();
  const photos = useAtomValue(capturedPhotosAtom);
  const shots = useAtomValue(shotCountAtom);
  const unsaved = useAtomValue(unsavedPhotoIdsAtom);
  // A photo shows once it is written (a reload then keeps it), or at once where nothing can be
  // written (private mode, a full disk: the notice says it lives in memory).
  const storage = useAtomValue(storageStatusAtom);
  const writing = (id: string) => unsaved.has(id) && (storage === 'saved' || storage === 'loading');
  const waiting = busy ? Math.max(0, total - photos.length) : photos.length ? 0 : shots;
  return (
    <section className="booth-tray" aria-labelledby="photos-heading" data-testid="shots-tray">
      <h2 id="photos-heading" className="visually-hidden">
        {t('booth.yourPhotos', { n: photos.length })}
      </h2>
      <ol className="booth-tray-list" data-testid="captured-photos">
        {photos.map((p, i) => (
          <li
            key={p.id}
            className={`booth-tray-shot${writing(p.id) ? ' booth-tray-waiting' : ''}`}
            data-testid="captured-thumb"
            data-photo-id={p.id}
            data-saved={!writing(p.id)}
          >
            {/* The shot itself is its retake (a 44 px target even on a phone's narrow portrait thumb). */}
            {!writing(p.id) && (
              <button
                type="button"
                className="booth-tray-retake"
                disabled={busy || !canShoot}
                onClick={() => onRetake(i, photos.length)}
                data-testid={`retake-${i + 1}`}
                title={t('booth.retake', { n: i + 1 })}
                aria-label={t('booth.retake', { n: i + 1 })}
              >
                <PhotoThumb photo={p} alt="" />
                <span className="booth-tray-badge" aria-hidden="true">
                  ↺
                </span>
              </button>
            )}
          </li>
        ))}
        {Array.from({ length: waiting }, (_, i) => (
          <li key={`waiting-${i}`} className="booth-tray-shot booth-tray-waiting" aria-hidden="true" />
        ))}
      </ol>
      {!busy && photos.length > 0 && (
        <LangLink
          href="/preview"
          className="btn btn-primary booth-tray-next"
          data-testid="to-preview"
          aria-keyshortcuts="Enter"
          aria-label={t('booth.toPreview')}
          title={t('booth.toPreview')}
        >
          {t('booth.next')}
        </LangLink>
      )}
    </section>
  );
}

function PhotoThumb({ photo, alt }: { photo: CapturedPhoto; alt: string }) {
  const url = useObjectUrl(photo.blob);
  const { t } = useI18n();
  if (photo.motion) return <MotionLoop clip={photo.motion} width={160} label={t('booth.motionAlt', { photo: alt })} />;
  return url ? <img src={url} alt={alt} width={160} height={Math.round((160 * photo.height) / photo.width)} /> : null;
}
