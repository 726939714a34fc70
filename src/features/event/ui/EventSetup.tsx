import { useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { FRAMES } from '../../strip/frames';
import { savedDesign } from '../../strip/template/design';
import { shotsNeeded } from '../../strip/template/model';
import { isCustomLayout } from '../../strip/template/store';
import { useLayoutChoices } from '../../strip/ui/useLayoutChoices';
import { useSavedDesigns } from '../../strip/ui/useSavedDesigns';
import { LangLink } from '../../../components/LangLink';
import { SettingSelect } from '../../../components/SettingSelect';
import { CAPTION_MAX, STUN_PATTERN, EVENT_COUNTDOWNS, EVENT_PAPERS, GUEST_CONTROLS, IDLE_CHOICES, SHOT_COUNTS, type EventSettings } from '../meta';
import { PIN_PATTERN } from '../pin';
import { eventDate, readEventSettings, writeEventSettings } from '../settings';
import { NewPin } from './NewPin';
import { Check, Field } from './fields';
import { MessageSettings } from './MessageSettings';

/**
 * The host's set-up: what every guest's strip is and what guests may change. Kept on this device
 * as it is edited (a reload, or the booth opened again, finds it); "Start the event" opens the
 * guest booth with it.
 */
export function EventSetup({ onStart }: { onStart: (settings: EventSettings, pin: string) => void }) {
  const { t, lang } = useI18n();
  const [settings, setSettings] = useState(readEventSettings);
  const saved = useSavedDesigns();
  const layouts = useLayoutChoices();
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
        <SettingSelect
          className="event-field"
          label={t('event.shots')}
          value={settings.shots}
          options={SHOT_COUNTS.map((n) => ({ value: n, label: String(n) }))}
          onChange={(shots) => set({ shots })}
          testId="event-shots"
        />
        <SettingSelect<EventSettings['countdown']>
          className="event-field"
          label={t('event.countdown')}
          value={settings.countdown}
          options={EVENT_COUNTDOWNS.map((n) => ({ value: n, label: t('event.seconds', { n }) }))}
          onChange={(countdown) => set({ countdown })}
          testId="event-countdown"
        />
        <SettingSelect
          className="event-field"
          label={t('strip.layout')}
          value={settings.layoutId}
          groups={layouts}
          onChange={(layoutId) => {
            // A design of one's own takes as many shots as it has photo slots.
            const own = savedDesign(layoutId, saved);
            const n = own ? shotsNeeded(own.template) : 0;
            set({ layoutId, ...((SHOT_COUNTS as readonly number[]).includes(n) ? { shots: n } : {}) });
          }}
          testId="event-layout"
          after={
            <LangLink href="/designer" className="designer-link" data-testid="event-designer-link">
              {t('strip.designYourOwn')}
            </LangLink>
          }
        />
        {!isCustomLayout(settings.layoutId) && (
          <SettingSelect
            className="event-field"
            label={t('strip.frame')}
            value={settings.frameId}
            options={FRAMES.map((f) => ({ value: f.id, label: t(`strip.frames.${f.id}`) }))}
            onChange={(frameId) => set({ frameId })}
            testId="event-frame"
          />
        )}
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
        <SettingSelect<EventSettings['idleSeconds']>
          className="event-field"
          label={t('event.idle')}
          value={settings.idleSeconds}
          options={IDLE_CHOICES.map((n) => ({ value: n, label: t('event.seconds', { n }) }))}
          onChange={(idleSeconds) => set({ idleSeconds })}
          testId="event-idle"
        />
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
          <SettingSelect<EventSettings['paper']>
            className="event-field"
            label={t('print.paper')}
            value={settings.paper}
            options={EVENT_PAPERS.map((p) => ({ value: p, label: t(`print.papers.${p}`) }))}
            onChange={(paper) => set({ paper })}
            testId="event-paper"
          />
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

      <MessageSettings settings={settings} set={set} />

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
