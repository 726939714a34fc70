import { useState, type ReactNode } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { FRAMES } from '../../strip/frames';
import { LAYOUTS } from '../../strip/layouts';
import { CAPTION_MAX, STUN_PATTERN, EVENT_COUNTDOWNS, EVENT_PAPERS, GUEST_CONTROLS, IDLE_CHOICES, SHOT_COUNTS, type EventSettings } from '../meta';
import { PIN_PATTERN } from '../pin';
import { eventDate, readEventSettings, writeEventSettings } from '../settings';
import { NewPin } from './NewPin';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="event-field">
      <span>{label}</span>
      {children}
    </label>
  );
}

function Check({ checked, onChange, children, testId }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode; testId?: string }) {
  return (
    <label className="event-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{children}</span>
    </label>
  );
}

/**
 * The host's set-up: what every guest's strip is and what guests may change. Kept on this device
 * as it is edited (a reload, or the booth opened again, finds it); "Start the event" opens the
 * guest booth with it.
 */
export function EventSetup({ onStart }: { onStart: (settings: EventSettings, pin: string) => void }) {
  const { t, lang } = useI18n();
  const [settings, setSettings] = useState(readEventSettings);
  const set = (patch: Partial<EventSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    writeEventSettings(next);
  };
  const [pin, setPin] = useState({ first: '', again: '' });
  const [pinProblem, setPinProblem] = useState<'short' | 'differ' | null>(null);
  const captionLine = [settings.caption.trim(), settings.showDate ? eventDate(lang) : ''].filter(Boolean).join(' · ');

  return (
    <form
      className="card event-setup"
      aria-labelledby="event-setup-title"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = !PIN_PATTERN.test(pin.first) ? 'short' : pin.first !== pin.again ? 'differ' : null;
        setPinProblem(problem);
        if (problem) return;
        onStart(settings, pin.first);
      }}
    >
      <h2 id="event-setup-title">{t('event.setupTitle')}</h2>
      <div className="event-setup-grid">
        <Field label={t('event.shots')}>
          <select value={settings.shots} onChange={(e) => set({ shots: Number(e.target.value) })} data-testid="event-shots">
            {SHOT_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('event.countdown')}>
          <select
            value={settings.countdown}
            onChange={(e) => set({ countdown: Number(e.target.value) as EventSettings['countdown'] })}
            data-testid="event-countdown"
          >
            {EVENT_COUNTDOWNS.map((n) => (
              <option key={n} value={n}>
                {t('event.seconds', { n })}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('strip.layout')}>
          <select value={settings.layoutId} onChange={(e) => set({ layoutId: e.target.value })} data-testid="event-layout">
            {LAYOUTS.map((l) => (
              <option key={l.id} value={l.id}>
                {t(`strip.layouts.${l.id}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('strip.frame')}>
          <select value={settings.frameId} onChange={(e) => set({ frameId: e.target.value })} data-testid="event-frame">
            {FRAMES.map((f) => (
              <option key={f.id} value={f.id}>
                {t(`strip.frames.${f.id}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('event.caption')}>
          <input
            type="text"
            value={settings.caption}
            maxLength={CAPTION_MAX}
            placeholder={t('event.captionPlaceholder')}
            onChange={(e) => set({ caption: e.target.value })}
            data-testid="event-caption"
          />
        </Field>
        <Field label={t('event.idle')}>
          <select
            value={settings.idleSeconds}
            onChange={(e) => set({ idleSeconds: Number(e.target.value) as EventSettings['idleSeconds'] })}
            data-testid="event-idle"
          >
            {IDLE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('event.seconds', { n })}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Check checked={settings.showDate} onChange={(showDate) => set({ showDate })} testId="event-date">
        {t('event.showDate')}
      </Check>
      <p className="event-caption-preview">
        {t('event.captionPreview')} <strong>{captionLine || t('event.captionNone')}</strong>
      </p>

      <fieldset className="event-fieldset">
        <legend>{t('event.printTitle')}</legend>
        <Check checked={settings.print} onChange={(print) => set({ print })} testId="event-print-on">
          {t('event.printOn')}
        </Check>
        {settings.print && (
          <Field label={t('print.paper')}>
            <select value={settings.paper} onChange={(e) => set({ paper: e.target.value as EventSettings['paper'] })} data-testid="event-paper">
              {EVENT_PAPERS.map((p) => (
                <option key={p} value={p}>
                  {t(`print.papers.${p}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
      </fieldset>

      <fieldset className="event-fieldset">
        <legend>{t('event.guestsMay')}</legend>
        {GUEST_CONTROLS.map((c) => (
          <Check key={c} checked={settings.allow[c]} onChange={(on) => set({ allow: { ...settings.allow, [c]: on } })} testId={`event-allow-${c}`}>
            {t(`event.allow.${c}`)}
          </Check>
        ))}
        <Check checked={settings.slideshow} onChange={(slideshow) => set({ slideshow })} testId="event-slideshow-on">
          {t('event.slideshowOn')}
        </Check>
      </fieldset>

      <Field label={t('event.stunLabel')}>
        <input
          type="text"
          value={settings.stun}
          placeholder="stun:stun.example.org:3478"
          pattern={STUN_PATTERN.source}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(e) => set({ stun: e.target.value.trim() })}
          aria-describedby="event-stun-help"
          data-testid="event-stun"
        />
      </Field>
      <p id="event-stun-help" className="event-hint">
        {t('event.stunHelp')}
      </p>

      <NewPin value={pin} onChange={setPin} problem={pinProblem} />

      <p className="event-hint">{t('event.startHint')}</p>
      <button type="submit" className="btn btn-primary btn-large" data-testid="event-begin">
        {t('event.start')}
      </button>
    </form>
  );
}
