import { useSyncExternalStore } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { takeUpdate, updateReady } from './serviceWorker';

/**
 * "A new version is ready — Reload": shown once a new version has installed while this tab runs
 * its own (which keeps working). Left alone, the new version takes over at the next page load of
 * the last tab open.
 */
export function UpdatePrompt() {
  const { t } = useI18n();
  const ready = useSyncExternalStore(updateReady.subscribe, updateReady.get, () => false);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <p>{t('app.updateReady')}</p>
      <button type="button" className="btn btn-primary" onClick={takeUpdate}>
        {t('app.updateReload')}
      </button>
    </div>
  );
}
