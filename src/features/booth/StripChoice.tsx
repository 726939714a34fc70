import { useAtom } from 'jotai';
import { useI18n } from '../../i18n/I18nProvider';
import { FRAMES } from '../strip/frames';
import { LAYOUTS } from '../strip/layouts';
import { stripSettingsAtom } from '../strip/state';

/**
 * The strip's layout and frame, chosen before shooting so people pose for them: the same settings
 * the strip page edits (stripSettingsAtom), and the frame is drawn over the live picture
 * (FrameGuide) with the very artwork the strip uses.
 */
export function StripChoice({ busy }: { busy: boolean }) {
  const { t } = useI18n();
  const [settings, setSettings] = useAtom(stripSettingsAtom);
  return (
    <section className="card booth-strip-choice" aria-labelledby="strip-choice-heading">
      <h2 id="strip-choice-heading">{t('booth.stripChoice')}</h2>
      <div className="booth-settings-grid">
        <label className="booth-field">
          <span>{t('strip.layout')}</span>
          <select
            value={settings.layoutId}
            onChange={(e) => setSettings((s) => ({ ...s, layoutId: e.target.value }))}
            disabled={busy}
            data-testid="booth-layout"
          >
            {LAYOUTS.map((l) => (
              <option key={l.id} value={l.id}>
                {t(`strip.layouts.${l.id}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="booth-field">
          <span>{t('strip.frame')}</span>
          <select
            value={settings.frameId}
            onChange={(e) => setSettings((s) => ({ ...s, frameId: e.target.value }))}
            disabled={busy}
            data-testid="booth-frame"
          >
            {FRAMES.map((f) => (
              <option key={f.id} value={f.id}>
                {t(`strip.frames.${f.id}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="booth-hint">{t('booth.stripChoiceHint')}</p>
    </section>
  );
}
