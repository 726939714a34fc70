import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { isTriggerKey, keyName, watchGamepads } from '../triggers';

type Heard = { kind: 'key'; name: string; works: boolean } | { kind: 'pad'; pad: number; button: number };

/**
 * "Test your button": while listening, the next key or gamepad button is named, with whether it
 * starts the guest booth (a presenter clicker, a foot switch or an arcade button must send one of
 * the trigger keys; any gamepad button works).
 */
export function TriggerTest() {
  const { t } = useI18n();
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState<Heard | null>(null);

  useEffect(() => {
    if (!listening) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab' || e.key === 'Escape') return; // the keyboard user's way on or off
      e.preventDefault();
      setHeard({ kind: 'key', name: keyName(e), works: isTriggerKey(e.key) });
    };
    window.addEventListener('keydown', onKey, true);
    const stopPads = watchGamepads((pad, button) => setHeard({ kind: 'pad', pad, button }));
    return () => {
      window.removeEventListener('keydown', onKey, true);
      stopPads();
    };
  }, [listening]);

  let said = t('event.triggerPress');
  if (heard?.kind === 'key') said = t(heard.works ? 'event.triggerKeyWorks' : 'event.triggerKeyNot', { key: heard.name });
  if (heard?.kind === 'pad') said = t('event.triggerPad', { button: heard.button + 1, pad: heard.pad + 1 });

  return (
    <div className="event-trigger-test" data-testid="event-trigger-test">
      <h3>{t('event.triggerTitle')}</h3>
      <p className="event-hint">{t('event.triggerHelp')}</p>
      <button type="button" className="btn btn-secondary" aria-pressed={listening} onClick={() => setListening(!listening)} data-testid="event-trigger-listen">
        {t('event.triggerTest')}
      </button>
      {listening && (
        <p role="status" className="event-trigger-heard" data-testid="event-trigger-heard" data-heard={heard?.kind === 'key' ? heard.name : heard ? `pad:${heard.button}` : ''}>
          {said}
        </p>
      )}
    </div>
  );
}
