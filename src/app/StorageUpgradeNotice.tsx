import { useState, useSyncExternalStore } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { storageAlert } from '../lib/storageAlert';

/**
 * What the page's databases are doing across versions (src/lib/idb.ts): an upgrade waiting on
 * another tab of an older version ("close it to continue"; gone by itself once that tab lets go),
 * or this page's connection closed because another tab upgraded (a newer version runs there:
 * this one keeps working, and a reload brings the new version). Shown with the global error banner.
 */
export function StorageUpgradeNotice() {
  const { t } = useI18n();
  const alert = useSyncExternalStore(storageAlert.subscribe, storageAlert.get, () => null);
  const [dismissed, setDismissed] = useState(false);
  if (alert === 'blocked') {
    return (
      <div className="global-error" role="alert" data-testid="storage-upgrade" data-kind="blocked">
        <p>{t('storage.blocked')}</p>
      </div>
    );
  }
  if (alert !== 'replaced' || dismissed) return null;
  return (
    <div className="global-error" role="status" data-testid="storage-upgrade" data-kind="replaced">
      <p>{t('storage.replaced')}</p>
      <div className="global-error-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setDismissed(true)}>
          {t('errors.dismiss')}
        </button>
      </div>
    </div>
  );
}
