import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { answerOffer, type Answer } from '../peer';
import { QrCode } from '../QrCode';
import { peerConnectionHere } from '../support';
import { receiveFiles } from '../transfer';
import { ReceivedFiles, type Received } from './ReceivedFiles';

type Phase =
  | { kind: 'making' }
  | { kind: 'bad' }
  | { kind: 'noWebrtc' }
  | { kind: 'showing'; text: string }
  | { kind: 'receiving'; progress: number }
  | { kind: 'done'; files: Received[] }
  | { kind: 'failed'; checksum: boolean };

/** Past this long on the answer code with no connection, the phone says what usually helps. */
const SLOW_MS = 15_000;

/**
 * THE PHONE'S PAGE: the booth's offer from the URL's #fragment (never sent to any server), the
 * answer as a large QR code for the booth's camera, then the files as they arrive, each checked
 * (sha-256) before it is shown, to save or share. A connection that gives up before the booth read
 * the code gets a fresh answer, so a guest who takes their time still connects.
 */
export function ReceiveScreen() {
  const { t } = useI18n();
  const [phase, setPhase] = useState<Phase>({ kind: 'making' });
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const code = window.location.hash.slice(1);
    let alive = true;
    let answer: Answer | null = null;
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    let connected = false;
    const start = async () => {
      // No WebRTC here (a hardened browser): nothing on this page can work, whatever the code.
      if (!peerConnectionHere()) return setPhase({ kind: 'noWebrtc' });
      try {
        answer = await answerOffer(code);
      } catch (error) {
        const noWebrtc = (error as Error | null)?.name === 'NoPeerConnectionError';
        console.warn(noWebrtc ? 'No WebRTC in this browser:' : 'Not a booth code:', error);
        if (alive) setPhase({ kind: noWebrtc ? 'noWebrtc' : 'bad' });
        return;
      }
      if (!alive) return answer.close();
      const mine = answer;
      setPhase({ kind: 'showing', text: mine.text });
      clearTimeout(slowTimer);
      slowTimer = setTimeout(() => alive && setSlow(true), SLOW_MS);
      // Not read in time (nothing answered this connection's checks): a new answer, the same offer.
      void mine.failed.then(() => alive && !connected && answer === mine && void start());
      const channel = await mine.channel.catch(() => null);
      if (!alive || !channel || answer !== mine) return;
      connected = true;
      clearTimeout(slowTimer);
      setSlow(false);
      setPhase({ kind: 'receiving', progress: 0 });
      try {
        const files = await receiveFiles(channel, { onProgress: (got, total) => alive && setPhase({ kind: 'receiving', progress: total ? got / total : 0 }) });
        if (alive) setPhase({ kind: 'done', files: files.map((f) => ({ ...f, url: URL.createObjectURL(f.blob) })) });
      } catch (error) {
        console.warn('The transfer failed:', error);
        if (alive) setPhase({ kind: 'failed', checksum: (error as { name?: string })?.name === 'ChecksumError' });
      } finally {
        mine.close();
      }
    };
    void start();
    return () => {
      alive = false;
      clearTimeout(slowTimer);
      answer?.close();
    };
    // Once per page: the fragment is this visit's offer.
  }, []);

  return (
    <section className="receive" data-testid="receive" data-phase={phase.kind}>
      <h1>{t('send.receiveTitle')}</h1>
      {phase.kind === 'making' && <p role="status">{t('send.receiveMaking')}</p>}
      {phase.kind === 'bad' && (
        <p className="notice error" role="alert" data-testid="receive-bad">
          {t('send.receiveBadLink')}
        </p>
      )}
      {phase.kind === 'noWebrtc' && (
        <p className="notice error" role="alert" data-testid="receive-no-webrtc">
          {t('send.receiveNoWebrtc')}
        </p>
      )}
      {phase.kind === 'showing' && (
        <>
          <p className="receive-lead">{t('send.receiveHold')}</p>
          <QrCode text={phase.text} label={t('send.answerLabel')} className="receive-code" data-testid="receive-code" />
          {slow && (
            <p className="notice" role="status" data-testid="receive-slow">
              {t('send.receiveSlow')}
            </p>
          )}
        </>
      )}
      {phase.kind === 'receiving' && (
        <div className="receive-progress">
          <p role="status">{t('send.receiving')}</p>
          <progress max={1} value={phase.progress} data-testid="receive-progress" aria-label={t('send.receiving')} />
        </div>
      )}
      {phase.kind === 'done' && <ReceivedFiles files={phase.files} />}
      {phase.kind === 'failed' && (
        <p className="notice error" role="alert" data-testid="receive-failed">
          {t(phase.checksum ? 'send.receiveChecksum' : 'send.receiveFailed')}
        </p>
      )}
      {phase.kind !== 'bad' && phase.kind !== 'noWebrtc' && <p className="receive-private">{t('send.nothingUploaded')}</p>}
    </section>
  );
}
