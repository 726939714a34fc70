import { useEffect, useState } from 'react';
import { RescuePhotosButton } from '../features/strip/ui/RescuePhotosButton';
import { useI18n } from '../i18n/I18nProvider';
import { StorageUpgradeNotice } from './StorageUpgradeNotice';

/** Browser noise that is not a failure of ours (fires as a window error in Chromium). */
const BENIGN = [/ResizeObserver loop/];

/**
 * A global handler for errors no screen caught (unhandled promise rejections, errors in event
 * handlers or timers): the page stays as it is, and a translated banner offers a reload and the
 * session's photos. The error itself still reaches the console. Storage upgrades held up by
 * another tab are told here too (StorageUpgradeNotice), while no error is shown.
 */
export function GlobalErrorBanner() {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const onRejection = () => setFailed(true);
    const onError = (e: ErrorEvent) => {
      if (!BENIGN.some((re) => re.test(e.message))) setFailed(true);
    };
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('error', onError);
    return () => {
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('error', onError);
    };
  }, []);

  if (!failed) return <StorageUpgradeNotice />;
  return (
    <div className="global-error" role="alert">
      <p>
        <strong>{t('errors.crashTitle')}</strong> {t('errors.globalBody')}
      </p>
      <div className="global-error-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <RescuePhotosButton />
        <button type="button" className="btn btn-ghost" onClick={() => setFailed(false)}>
          {t('errors.dismiss')}
        </button>
      </div>
    </div>
  );
}
