import { useEffect, useMemo, type ReactNode } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import type { CapturedPhoto } from '../../../state/session';

/**
 * The single shots, as small images from object URLs that are revoked when the photos change;
 * `media` may show a shot another way (its motion loop), given the shot and its label.
 */
export function PhotoThumbs({ photos, media }: { photos: CapturedPhoto[]; media?: (photo: CapturedPhoto, alt: string) => ReactNode }) {
  const { t } = useI18n();
  // Made with the render that shows them, revoked only after a later render replaced them (an
  // image never points at a revoked URL, even for a moment).
  const urls = useMemo(() => photos.map((p) => URL.createObjectURL(p.blob)), [photos]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return (
    <section className="preview-photos" aria-labelledby="preview-photos-heading">
      <h2 id="preview-photos-heading">{t('preview.photosHeading')}</h2>
      <ol>
        {photos.map((p, i) => (
          <li key={p.id}>
            {wrapMedia(p, media?.(p, t('preview.photoAlt', { n: i + 1, total: photos.length }))) ?? (urls[i] && (
              <img
                data-testid="preview-photo"
                data-photo-id={p.id}
                src={urls[i]}
                width={p.width}
                height={p.height}
                alt={t('preview.photoAlt', { n: i + 1, total: photos.length })}
              />
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Another way of showing a shot carries the shot's id like its image would (tests find shots by it). */
function wrapMedia(photo: CapturedPhoto, node: ReactNode): ReactNode {
  if (node === null || node === undefined || node === false) return null;
  return (
    <div data-testid="preview-photo" data-photo-id={photo.id}>
      {node}
    </div>
  );
}
