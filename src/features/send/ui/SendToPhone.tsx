import { useEffect, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { pathFor } from '../../../i18n/paths';
import { canShareFileType, shareFiles } from '../../../lib/share';
import { PhoneSend, type SendFile, type SendView } from '../flow';
import { RECEIVE_PATH } from '../meta';
import { makeOffer } from '../peer';
import { QrCode } from '../QrCode';
import { peerConnectionHere } from '../support';
import { sendFiles } from '../transfer';
import { Viewfinder } from './Viewfinder';
import './send.css';

/** Reads QR codes from a camera until the returned function is called. */
export type CodeScanner = (onText: (text: string) => void) => () => void;

interface Props {
  /** The files the phone gets: exactly what this screen's own download gives. */
  files: () => Promise<SendFile[]>;
  /** The booth's live camera (a tap its session owns), or null: a small viewfinder of its own opens beside the code. */
  scan: CodeScanner | null;
  /** A STUN server the host named (event set-up), else none. */
  stun?: string | null;
  /** A send under way goes on when the panel goes (event mode: the guest's turn is over). */
  outlive?: boolean;
}

/** Whether the browser has WebRTC does not change while the page is open. */
const noChange = () => () => {};

const FAILURE_KEY = { expired: 'send.failedExpired', unreachable: 'send.failedUnreachable', interrupted: 'send.failedInterrupted', setup: 'send.failedSetup' } as const;

/**
 * SEND TO A PHONE: a button, then a QR code of our own receive page with this strip's offer in its
 * fragment, one line of help, and what happens next ("Sending to the phone…", a progress bar,
 * "Sent"). The phone's answer is read from a camera meanwhile. One phone per code; a new code for
 * each strip (the panel is made afresh with the files); a code expires after a few minutes.
 */
export function SendToPhone({ files, scan, stun = null, outlive = false }: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  // No WebRTC in this browser: no button that cannot work, but a plain line pointing to the others.
  // (Prerendered as possible; the browser's own answer replaces it once hydrated.)
  const canSend = useSyncExternalStore(noChange, peerConnectionHere, () => true);
  if (!canSend) {
    return (
      <p className="send-note" data-testid="send-unavailable">
        {t('send.unavailable')}
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)} data-testid="send-open">
        {t('send.button')}
      </button>
    );
  }
  return <SendPanel key={round} files={files} scan={scan} stun={stun} outlive={outlive} onAgain={() => setRound(round + 1)} onClose={() => setOpen(false)} />;
}

function SendPanel({ files, scan, stun, outlive, onAgain, onClose }: Props & { onAgain: () => void; onClose: () => void }) {
  const { t, lang } = useI18n();
  const [view, setView] = useState<SendView | null>(null);
  const [flow, setFlow] = useState<PhoneSend<RTCDataChannel> | null>(null);

  useEffect(() => {
    const made = new PhoneSend<RTCDataChannel>({
      offer: () => makeOffer((code) => `${location.origin}${pathFor(lang, RECEIVE_PATH)}#${code}`, stun ?? null),
      files,
      send: (channel, list, onProgress, signal) => sendFiles(channel, list, { onProgress, signal }),
      publish: setView,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    setFlow(made);
    void made.start();
    return () => (outlive ? made.release() : made.dispose());
    // One offer per panel: a new code is a new panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const waiting = view?.phase === 'waiting';
  // The camera reads codes only while the phone's answer is awaited.
  useEffect(() => {
    if (!waiting || !flow || !scan) return;
    return scan((text) => void flow.code(text));
  }, [waiting, flow, scan]);

  // A phone or tablet booth with Web Share of files: AirDrop, Quick Share and the like, beside the code.
  const [nearby] = useState(() => canShareFileType('strip.jpg', 'image/jpeg'));
  const shareNearby = async () => {
    const list = await files();
    await shareFiles(list.map((f) => new File([f.blob], f.name, { type: f.type }))).catch(() => undefined);
  };

  const phase = view?.phase ?? 'preparing';
  const over = phase === 'sent' || phase === 'failed';
  return (
    <section className="send-panel" aria-labelledby="send-title" data-testid="send-panel" data-phase={phase} data-failure={view?.failure ?? undefined}>
      <h3 id="send-title">{t('send.title')}</h3>
      {phase === 'preparing' && <p role="status">{t('send.preparing')}</p>}
      {waiting && view?.url && (
        <>
          <p className="send-status">{t('send.scanHelp')}</p>
          <div className="send-row">
            <QrCode text={view.url} label={t('send.qrLabel')} className="send-code" data-testid="send-code" data-url={view.url} />
            {!scan && flow && <Viewfinder onText={(text) => void flow.code(text)} label={t('send.viewfinderLabel')} />}
          </div>
          <p className="send-note">{t('send.holdUp')}</p>
          {nearby && (
            <button type="button" className="btn btn-secondary" onClick={() => void shareNearby()} data-testid="send-nearby">
              {t('send.nearby')}
            </button>
          )}
        </>
      )}
      {view?.badCode && (
        <p className="notice" role="status" data-testid="send-bad-code">
          {t('send.badCode')}
        </p>
      )}
      {(phase === 'connecting' || phase === 'sending') && (
        <>
          <p className="send-status" role="status">
            {t(phase === 'connecting' ? 'send.connecting' : 'send.sending')}
          </p>
          <progress className="send-progress" max={1} value={view?.progress ?? 0} aria-label={t('send.sending')} data-testid="send-progress" />
        </>
      )}
      {phase === 'sent' && (
        <p className="send-status" role="status" data-testid="send-sent">
          {t('send.sent')}
        </p>
      )}
      {phase === 'failed' && view?.failure && (
        <p className="notice error" role="alert" data-testid="send-failed">
          {t(FAILURE_KEY[view.failure])}
        </p>
      )}
      <p className="send-note">{t('send.private')}</p>
      <div className="send-row">
        {over && (
          <button type="button" className="btn btn-secondary" onClick={onAgain} data-testid="send-again">
            {t('send.again')}
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={onClose} data-testid="send-close">
          {t('send.close')}
        </button>
      </div>
    </section>
  );
}
