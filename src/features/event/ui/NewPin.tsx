import { useId } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';

interface Props {
  value: { first: string; again: string };
  onChange: (value: { first: string; again: string }) => void;
  /** What is wrong with it, once the host tried to start. */
  problem: 'short' | 'differ' | null;
}

const digits = (s: string) => s.replace(/\D/g, '').slice(0, 8);

/** The host PIN for the event, typed twice (4–8 digits): asked for on every way out of the booth. */
export function NewPin({ value, onChange, problem }: Props) {
  const { t } = useI18n();
  const id = useId();
  const field = (key: 'first' | 'again', label: string, testId: string) => (
    <label className="event-field">
      <span>{label}</span>
      <input
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        pattern="[0-9]*"
        minLength={4}
        maxLength={8}
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: digits(e.target.value) })}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-help`}
        data-testid={testId}
      />
    </label>
  );
  return (
    <fieldset className="event-fieldset" data-testid="event-new-pin">
      <legend>{t('event.pinTitle')}</legend>
      <p id={`${id}-help`} className={problem ? 'notice error' : 'event-hint'} role={problem ? 'alert' : undefined}>
        {problem === 'short' ? t('event.pinTooShort') : problem === 'differ' ? t('event.pinDiffer') : t('event.pinHelp')}
      </p>
      <div className="event-setup-grid">
        {field('first', t('event.pinNew'), 'event-pin')}
        {field('again', t('event.pinAgain'), 'event-pin-again')}
      </div>
    </fieldset>
  );
}
