import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { pathFor } from '../../../i18n/paths';
import { canShareFiles, canShareFileType, shareFiles } from '../../../lib/share';
import type { StripProps } from './stripProps';
import { saveBlob } from '../export';
import { usePreparedFile } from './usePreparedFile';

/** Web Share with files (phones, some desktops); elsewhere the share links stand in. */
const canShareStrip = () => canShareFileType('strip.jpg', 'image/jpeg');

/**
 * Share links for browsers without Web Share: each carries only the app's address, never a photo.
 * They are plain links the visitor clicks (a new tab); nothing is fetched from these sites before.
 */
const SHARE_SITES: { name: string; url: (app: string, text: string) => string }[] = [
  { name: 'X', url: (app, text) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(app)}&text=${encodeURIComponent(text)}` },
  { name: 'Facebook', url: (app) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(app)}` },
  { name: 'WhatsApp', url: (app, text) => `https://wa.me/?text=${encodeURIComponent(`${text} ${app}`)}` },
  { name: 'Telegram', url: (app, text) => `https://t.me/share/url?url=${encodeURIComponent(app)}&text=${encodeURIComponent(text)}` },
  { name: 'LINE', url: (app) => `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(app)}` },
];

/** Social media (Web Share with the strip, else links), Email Invite and Copy Link. */
export function SharePanel(props: StripProps) {
  const { composer } = props;
  const { t, lang } = useI18n();
  const appUrl = `${window.location.origin}${pathFor(lang, '/')}`;
  // 'links': the share sheet is unavailable or was refused; the download and the links stand in.
  const [fallback, setFallback] = useState<null | 'links' | 'refused'>(null);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const prepared = usePreparedFile(props, canShareStrip());

  useEffect(() => {
    if (!status || status.error) return;
    const timer = setTimeout(() => setStatus(null), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  const shareSocial = async () => {
    if (!composer || busy) return;
    setStatus(null);
    if (!canShareStrip()) {
      setFallback('links');
      return;
    }
    setBusy(true);
    try {
      const file = await prepared(); // ready since the preview settled, in the usual case
      // The file alone: iOS drops files shared with a title or text.
      if (!canShareFiles([file])) setFallback('links');
      else await shareFiles([file]);
    } catch (error) {
      // AbortError: the visitor closed the sheet. Anything else (NotAllowedError when the tap's
      // permission ran out, a share target that failed): the download and the links instead.
      if ((error as { name?: string })?.name !== 'AbortError') setFallback('refused');
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    setBusy(true);
    try {
      const file = await prepared();
      await saveBlob(file, file.name);
    } catch (error) {
      if ((error as { name?: string })?.name !== 'AbortError') setStatus({ text: t('share.failed'), error: true });
    } finally {
      setBusy(false);
    }
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(appUrl);
      setStatus({ text: t('share.copied') });
    } catch {
      setStatus({ text: t('share.copyFailed', { url: appUrl }), error: true });
    }
  };

  const mailto = `mailto:?subject=${encodeURIComponent(t('share.emailSubject'))}&body=${encodeURIComponent(
    t('share.emailBody', { url: appUrl }),
  )}`;

  return (
    <section className="share-panel" aria-labelledby="share-heading">
      <h2 id="share-heading">{t('share.heading')}</h2>
      <div className="action-row">
        <button type="button" className="btn btn-secondary" onClick={shareSocial} disabled={busy || !composer} aria-expanded={fallback !== null}>
          {t('share.social')}
        </button>
        <a className="btn btn-secondary" href={mailto}>
          {t('share.email')}
        </a>
        <button type="button" className="btn btn-secondary" onClick={copyLink}>
          {t('share.copy')}
        </button>
      </div>
      {fallback && (
        <div className="share-links" data-testid="share-fallback">
          <p>{t(fallback === 'refused' ? 'share.refused' : 'share.linksIntro')}</p>
          <button type="button" className="btn btn-primary" onClick={download} disabled={busy || !composer}>
            {t('share.download')}
          </button>
          <ul>
            {SHARE_SITES.map((site) => (
              <li key={site.name}>
                <a
                  href={site.url(appUrl, t('share.text'))}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('share.openIn', { name: site.name })}
                >
                  {site.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className={status?.error ? 'notice error' : 'share-status'} role="status" aria-live="polite" data-testid="share-status">
        {status?.text}
      </p>
    </section>
  );
}
