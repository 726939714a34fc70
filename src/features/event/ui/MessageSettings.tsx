import { useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { SettingSelect } from '../../../components/SettingSelect';
import { MESSAGE_LENGTHS, PROMPT_MAX, PROMPTS_MAX, type EventSettings, type MessageLength } from '../meta';
import { parsePrompts } from '../settings';
import { Check, Field } from './fields';

/** The set-up's video messages: on or off, how long, and the prompt cards guests see while recording. */
export function MessageSettings({ settings, set }: { settings: EventSettings; set: (patch: Partial<EventSettings>) => void }) {
  const { t } = useI18n();
  // The cards as typed (a line being written may still be blank); the set-up keeps the parsed ones.
  const [draft, setDraft] = useState(() => settings.prompts.join('\n'));
  return (
    <fieldset className="event-fieldset">
      <legend>{t('event.messages.title')}</legend>
      <Check checked={settings.messages} onChange={(messages) => set({ messages })} testId="event-messages-on">
        {t('event.messages.on')}
      </Check>
      {settings.messages && (
        <>
          <SettingSelect<MessageLength>
            className="event-field"
            label={t('event.messages.length')}
            value={settings.messageSeconds}
            options={MESSAGE_LENGTHS.map((s) => ({ value: s, label: t('event.messages.seconds', { n: s }) }))}
            onChange={(messageSeconds) => set({ messageSeconds })}
            testId="event-message-seconds"
          />
          <Field label={t('event.messages.prompts')}>
            <textarea
              rows={3}
              value={draft}
              maxLength={PROMPTS_MAX * (PROMPT_MAX + 1)}
              onChange={(e) => {
                setDraft(e.target.value);
                set({ prompts: parsePrompts(e.target.value) });
              }}
              aria-describedby="event-prompts-help"
              data-testid="event-prompts"
            />
          </Field>
          <p id="event-prompts-help" className="event-hint">
            {t('event.messages.promptsHelp', { n: PROMPTS_MAX })}
          </p>
        </>
      )}
    </fieldset>
  );
}
