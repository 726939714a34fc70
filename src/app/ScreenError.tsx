import { useI18n } from '../i18n/I18nProvider';
import { RescuePhotosButton } from '../features/strip/ui/RescuePhotosButton';
import { ClearSession } from '../storage/ClearSession';

/**
 * What a visitor sees when a screen cannot load or crashes: a plain message and a way out. On a
 * bare screen (event mode's guest booth: a guest at the screen, never the visitor whose photos
 * these are) only the reload: no rescue of the saved photos, no clearing them.
 */
export function ScreenError({ error, bare = false }: { error: Error; bare?: boolean }) {
  const { t } = useI18n();
  const chunk = error.name === 'ChunkLoadError' || /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <section className="page narrow screen-error" role="alert">
      <h1>{chunk ? t('errors.chunkTitle') : t('errors.crashTitle')}</h1>
      <p>{chunk ? t('errors.chunkBody') : t('errors.crashBody')}</p>
      <p className="screen-error-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>{' '}
        {!bare && <RescuePhotosButton />}{' '}
        {/* A crash that comes back on every reload may be damaged saved data: a way to start clean. */}
        {!chunk && !bare && <ClearSession />}
      </p>
    </section>
  );
}
