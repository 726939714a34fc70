import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { capturedPhotosAtom } from '../../../state/session';

/**
 * "Download my photos": whatever went wrong, the session's photos can still be taken home as a ZIP.
 * The export code loads only when pressed, so error screens stay light.
 */
export function RescuePhotosButton() {
  const { t } = useI18n();
  const photos = useAtomValue(capturedPhotosAtom);
  const [busy, setBusy] = useState(false);
  if (photos.length === 0) return null;
  const rescue = async () => {
    setBusy(true);
    try {
      const [{ exportBaseName, saveBlob }, { buildZip }] = await Promise.all([import('../export'), import('../zip')]);
      const base = exportBaseName();
      const zip = await buildZip(photos.map((p, i) => ({ name: `${base}-photo-${i + 1}.jpg`, blob: p.blob })));
      await saveBlob(zip, `${base}-photos.zip`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-secondary" onClick={rescue} disabled={busy}>
      {t('errors.rescue', { count: photos.length })}
    </button>
  );
}
