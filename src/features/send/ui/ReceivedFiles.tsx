import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { canShareFiles, shareFiles } from '../../../lib/share';

export interface Received {
  name: string;
  type: string;
  blob: Blob;
  url: string;
}

/**
 * The files as they arrived: the strip (or a video message) first and large, each to save, and all
 * to share where the phone can.
 */
export function ReceivedFiles({ files }: { files: Received[] }) {
  const { t } = useI18n();
  const [canShare, setCanShare] = useState(false);
  const asFiles = () => files.map((f) => new File([f.blob], f.name, { type: f.type }));
  useEffect(() => {
    setCanShare(canShareFiles(asFiles()));
    return () => files.forEach((f) => URL.revokeObjectURL(f.url));
    // The files of this transfer only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [files]);
  const share = () => void shareFiles(asFiles()).catch(() => undefined);
  const first = files[0];
  return (
    <div className="receive-done" data-testid="receive-done" data-files={files.length}>
      <p role="status">{t('send.received')}</p>
      {first && first.type.startsWith('image/') && <img src={first.url} alt={t('send.stripAlt')} className="receive-strip" data-testid="receive-strip" />}
      {first && first.type.startsWith('video/') && (
        <video src={first.url} controls playsInline preload="metadata" aria-label={t('send.videoAlt')} className="receive-strip" data-testid="receive-video" />
      )}
      <ul className="receive-files">
        {files.map((f) => (
          <li key={f.name}>
            <a className="btn btn-primary" href={f.url} download={f.name} data-testid="receive-save">
              {t('send.save')} <span className="receive-name">{f.name}</span>
            </a>
          </li>
        ))}
      </ul>
      {canShare && (
        <button type="button" className="btn btn-secondary" onClick={share} data-testid="receive-share">
          {t('send.shareFile')}
        </button>
      )}
    </div>
  );
}
