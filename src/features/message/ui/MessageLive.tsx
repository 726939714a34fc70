import { useEffect } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import type { MessageDesk } from '../desk';
import type { MessagePhase } from '../flow';
import { clock } from '../meta';

/**
 * Over the page while a message is made: the microphone being asked for, the countdown, then the
 * red dot and the timer with Stop and Cancel. Space (or Stop) finishes, Esc cancels; the booth's
 * own keys wait meanwhile (Space is not the shutter while a message is made).
 */
export function MessageLive({ phase, desk }: { phase: Exclude<MessagePhase, { kind: 'idle' }>; desk: MessageDesk }) {
  const { t } = useI18n();
  const recording = phase.kind === 'recording';
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') desk.cancel();
      // Space finishes (a focused Stop or Cancel button keeps its own Space); before recording it does nothing.
      else if (e.key === ' ' && !(e.target instanceof HTMLButtonElement && e.target.closest('.message-live'))) {
        if (recording) desk.stop();
      } else return;
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [desk, recording]);

  return (
    <div className="message-live" data-testid="message-live" data-phase={phase.kind} role="status" aria-live="polite">
      {phase.kind === 'mic' && <p>{t('message.askingMic')}</p>}
      {phase.kind === 'countdown' && (
        <p className="message-count" data-testid="message-countdown">
          {phase.n}
        </p>
      )}
      {phase.kind === 'recording' && (
        <>
          <p className="message-rec">
            <span className="message-dot" aria-hidden="true" />
            {t('message.recording')}{' '}
            <span data-testid="message-timer">{t('message.timer', { elapsed: clock(phase.elapsed), limit: clock(phase.limit) })}</span>
          </p>
          {!phase.sound && (
            <p className="message-nomic" data-testid="message-no-mic">
              {t('message.noMic')}
            </p>
          )}
          <p className="hint">{t('message.stopHint')}</p>
        </>
      )}
      {phase.kind === 'finishing' && <p>{t('message.finishing')}</p>}
      {(phase.kind === 'recording' || phase.kind === 'countdown') && (
        <div className="message-live-actions">
          {phase.kind === 'recording' && (
            <button type="button" className="btn btn-primary" onClick={() => desk.stop()} data-testid="message-stop">
              {t('message.stop')}
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => desk.cancel()} data-testid="message-cancel">
            {t('message.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
