import { useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { photoRoll } from '../state/photos';
import { DEFAULT_STRIP_SETTINGS } from '../features/strip/meta';
import { stripSettingsAtom } from '../features/strip/state';
import './storage.css';

/**
 * "Clear saved session", then a confirmation: removes every photo and the strip settings from
 * memory and from IndexedDB. On the preview screen, in the storage notice (every screen) and on
 * the crash screen, so damaged saved data never leaves the visitor without a way to start clean.
 */
export function ClearSession({ label, onCleared }: { label?: string; onCleared?: () => void }) {
  const { t } = useI18n();
  const store = useStore();
  const setSettings = useSetAtom(stripSettingsAtom);
  const [confirming, setConfirming] = useState(false);

  const clear = async () => {
    setConfirming(false);
    // The saved copy goes first: the screen shows the session empty only once a reload would find
    // it empty too (showing it at once let a quick reload bring the photos back). If storage
    // cannot be cleared, the session in memory is cleared all the same.
    // Loaded on use: the crash screen that offers this stays light.
    await import('./sessionStore').then((m) => m.clearSession()).catch(() => undefined);
    photoRoll.clear(store);
    setSettings(DEFAULT_STRIP_SETTINGS);
    onCleared?.();
  };

  if (!confirming) {
    return (
      <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)} data-testid="clear-session">
        {label ?? t('storage.clear')}
      </button>
    );
  }
  return (
    <span className="confirm-clear" role="group" aria-label={t('storage.clearConfirm')}>
      <span>{t('storage.clearConfirm')}</span>
      <button type="button" className="btn btn-secondary" onClick={() => void clear()} data-testid="clear-session-yes">
        {t('storage.clearYes')}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
        {t('storage.clearNo')}
      </button>
    </span>
  );
}
