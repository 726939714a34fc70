import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { printStrip } from '../../print/print';
import { exportBaseName, saveBlob } from '../../strip/export';
import { SendToPhone, type CodeScanner } from '../../send/ui/SendToPhone';
import type { EventView, GuestFlow } from '../flow';
import type { EventPaper } from '../meta';

interface Props {
  flow: GuestFlow;
  view: EventView;
  /** The host offers printing, on this paper. */
  print: false | EventPaper;
  idleSeconds: number;
  /** The evening's strips are shown (attract screen, second screen): the guest may keep theirs off. */
  slideshow: boolean;
  /** Reads the phone's answer code from the booth's live camera (the session's code tap). */
  scan: CodeScanner | null;
  /** The host's STUN server, if any. */
  stun: string;
}

/**
 * The guest's strip (or their video message) with Print (a strip, when the host offers it),
 * Download, Send to a phone and Done (focused: Enter).
 */
export function StripScreen({ flow, view, print, idleSeconds, slideshow, scan, stun }: Props) {
  const { t } = useI18n();
  const done = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  useEffect(() => done.current?.focus(), []);
  const message = view.kind === 'message';
  // What the Download and the phone get: the strip at the standard size, or the message's file.
  const fileName = () => (message ? `${exportBaseName()}-message.${flow.currentStrip()?.type.includes('webm') ? 'webm' : 'mp4'}` : `${exportBaseName()}.jpg`);

  const onPrint = async () => {
    if (!print || busy) return;
    setBusy(true);
    setStatus({ text: t('event.printing') });
    try {
      // The print JPG (300 dpi) is made from the guest's photos when asked: most guests never print.
      await printStrip(await flow.render('print'), print);
      setStatus(null);
    } catch (error) {
      console.warn('Print failed:', error);
      setStatus({ text: t('event.printFailed'), error: true });
    } finally {
      setBusy(false);
    }
  };

  // What the Download gives: the strip as it shows, at the standard size.
  const guestFiles = async () => {
    const blob = flow.currentStrip();
    if (!blob) throw new Error('No strip on screen');
    return [{ name: fileName(), type: blob.type || 'image/jpeg', blob }];
  };

  const onDownload = async () => {
    const blob = flow.currentStrip();
    if (!blob) return;
    const name = fileName();
    try {
      await saveBlob(blob, name);
      setStatus({ text: t('event.downloaded', { name }) });
    } catch (error) {
      // A guest closing the share sheet (iOS) is not an error.
      if ((error as { name?: string })?.name !== 'AbortError') setStatus({ text: t('event.downloadFailed'), error: true });
    }
  };

  return (
    <div className="event-strip" data-testid="event-strip" data-kind={view.kind} data-kept={view.kept ?? undefined} role="region" aria-labelledby="event-strip-title">
      {view.stripUrl && !message && <img src={view.stripUrl} alt={t('event.stripAlt')} className="event-strip-image" data-testid="event-strip-image" />}
      {view.stripUrl && message && (
        <video src={view.stripUrl} controls playsInline className="event-strip-image" aria-label={t('event.messageAlt')} data-testid="event-message-video" />
      )}
      <div className="event-strip-side">
        <h2 id="event-strip-title">{t(message ? 'event.messageTitle' : 'event.stripTitle')}</h2>
        <div className="event-strip-actions">
          {print && !message && (
            <button type="button" className="btn btn-secondary btn-large" onClick={() => void onPrint()} disabled={busy} data-testid="event-print">
              {t('event.print')}
            </button>
          )}
          <button type="button" className="btn btn-secondary btn-large" onClick={() => void onDownload()} data-testid="event-download">
            {t('event.download')}
          </button>
          <button ref={done} type="button" className="btn btn-primary btn-large" onClick={() => flow.done()} data-testid="event-done">
            {t('event.done')}
          </button>
        </div>
        {/* No host action needed: the guest scans, shows their phone's code, and the strip goes (and
            keeps going if the booth returns to its start screen meanwhile). */}
        <SendToPhone files={guestFiles} scan={scan} stun={stun || null} outlive />
        {slideshow && (
          <button
            type="button"
            className="btn btn-ghost event-hide-mine"
            aria-pressed={view.hidden}
            onClick={() => flow.hide(!view.hidden)}
            data-testid="event-hide-mine"
          >
            {t('event.hideMine')}
          </button>
        )}
        {slideshow && <p className="event-strip-note">{t(view.hidden ? 'event.hiddenNote' : 'event.shownNote')}</p>}
        <p className={status?.error ? 'notice error' : 'event-strip-status'} role="status">
          {status?.text}
        </p>
        {view.kept === 'failed' && (
          <p className="notice error" role="alert" data-testid="event-not-kept">
            {t('event.notKept')}
          </p>
        )}
        <p className="event-strip-note">{t('event.clearsIn', { n: idleSeconds })}</p>
      </div>
    </div>
  );
}
