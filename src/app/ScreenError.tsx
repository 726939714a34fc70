import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { RescuePhotosButton } from '../features/strip/ui/RescuePhotosButton';
import { ClearSession } from '../storage/ClearSession';

/** A bare screen (the guest booth, left running with nobody at it) reloads by itself after this long. */
const BARE_RELOAD_S = 15;

/**
 * What a visitor sees when a screen cannot load or crashes: a plain message and a way out. On a
 * bare screen (event mode's guest booth: a guest at the screen, never the visitor whose photos
 * these are) only the reload, which also comes by itself (a countdown says when): no rescue of
 * the saved photos, no clearing them.
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
      {bare && <ReloadSoon />}
    </section>
  );
}

/** Counts down BARE_RELOAD_S seconds, then reloads the page. */
function ReloadSoon() {
  const { t } = useI18n();
  const [left, setLeft] = useState(BARE_RELOAD_S);
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) window.location.reload();
  }, [left]);
  return (
    <p className="hint" role="timer" data-testid="restarts-in">
      {t('errors.restartsIn', { n: Math.max(0, left) })}
    </p>
  );
}
