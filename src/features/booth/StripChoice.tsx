import { useAtom, useSetAtom } from 'jotai';
import { LangLink } from '../../components/LangLink';
import { SettingSelect } from '../../components/SettingSelect';
import { useI18n } from '../../i18n/I18nProvider';
import { FRAMES } from '../strip/frames';
import { stripSettingsAtom } from '../strip/state';
import { savedDesign } from '../strip/template/design';
import { shotsNeeded } from '../strip/template/model';
import { isCustomLayout } from '../strip/template/store';
import { useLayoutChoices } from '../strip/ui/useLayoutChoices';
import { useSavedDesigns } from '../strip/ui/useSavedDesigns';
import { SHOT_COUNTS } from './meta';
import { shotCountAtom } from './state';

/**
 * The strip's layout and frame, chosen before shooting so people pose for them: the same settings
 * the strip page edits (stripSettingsAtom), and the frame is drawn over the live picture
 * (FrameGuide) with the very artwork the strip uses. A design of one's own sets the number of shots
 * to its photo slots' (and has no frame to choose).
 */
export function StripChoice({ busy }: { busy: boolean }) {
  const { t } = useI18n();
  const [settings, setSettings] = useAtom(stripSettingsAtom);
  const setShots = useSetAtom(shotCountAtom);
  const saved = useSavedDesigns();
  const layouts = useLayoutChoices();
  const chooseLayout = (layoutId: string) => {
    setSettings((s) => ({ ...s, layoutId }));
    const own = savedDesign(layoutId, saved);
    const n = own ? shotsNeeded(own.template) : 0;
    if ((SHOT_COUNTS as readonly number[]).includes(n)) setShots(n);
  };
  return (
    <section className="card booth-strip-choice" aria-labelledby="strip-choice-heading">
      <h2 id="strip-choice-heading">{t('booth.stripChoice')}</h2>
      <div className="booth-settings-grid">
        <SettingSelect className="booth-field" label={t('strip.layout')} value={settings.layoutId} groups={layouts} onChange={chooseLayout} disabled={busy} testId="booth-layout" />
        {!isCustomLayout(settings.layoutId) && (
          <SettingSelect
            className="booth-field"
            label={t('strip.frame')}
            value={settings.frameId}
            options={FRAMES.map((f) => ({ value: f.id, label: t(`strip.frames.${f.id}`) }))}
            onChange={(frameId) => setSettings((s) => ({ ...s, frameId }))}
            disabled={busy}
            testId="booth-frame"
          />
        )}
      </div>
      <p className="booth-hint">
        {t('booth.stripChoiceHint')}{' '}
        <LangLink href="/designer" className="designer-link" data-testid="booth-designer-link">
          {t('strip.designYourOwn')}
        </LangLink>
      </p>
    </section>
  );
}
