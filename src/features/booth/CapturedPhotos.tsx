import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { capturedPhotosAtom, type CapturedPhoto } from '../../state/session';
import { LangLink } from '../../components/LangLink';
import { MotionLoop } from '../motion/ui/MotionLoop';

/** Thumbnails as photos arrive, a retake button on each, and the way on to the preview. */
export function CapturedPhotos({
  onRetake,
  busy,
  canShoot,
}: {
  onRetake: (index: number, total: number) => void;
  busy: boolean;
  canShoot: boolean;
}) {
  const { t } = useI18n();
  const photos = useAtomValue(capturedPhotosAtom);
  if (!photos.length) return null;
  return (
    <section className="card booth-photos" aria-labelledby="photos-heading">
      <h2 id="photos-heading">{t('booth.yourPhotos', { n: photos.length })}</h2>
      <ol className="booth-photo-list" data-testid="captured-photos">
        {photos.map((p, i) => (
          <li key={p.id} className="booth-photo" data-testid="captured-thumb" data-photo-id={p.id}>
            <PhotoThumb photo={p} alt={t('booth.photoAlt', { n: i + 1 })} />
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy || !canShoot}
              onClick={() => onRetake(i, photos.length)}
              data-testid={`retake-${i + 1}`}
            >
              {t('booth.retake', { n: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      {!busy && (
        <LangLink href="/preview" className="btn btn-primary btn-large" data-testid="to-preview">
          {t('booth.toPreview')}
        </LangLink>
      )}
    </section>
  );
}

function PhotoThumb({ photo, alt }: { photo: CapturedPhoto; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const { t } = useI18n();
  useEffect(() => {
    const u = URL.createObjectURL(photo.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [photo.blob]);
  if (photo.motion) return <MotionLoop clip={photo.motion} width={160} label={t('booth.motionAlt', { photo: alt })} />;
  return url ? <img src={url} alt={alt} width={160} height={Math.round((160 * photo.height) / photo.width)} /> : null;
}
