import { useAtomValue, useStore } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { Choice, ChoiceStrip } from '../../components/ChoiceStrip';
import { useI18n } from '../../i18n/I18nProvider';
import { THUMB_HEIGHT, THUMB_WIDTH } from '../filters/meta';
import { clampSetting, NO_STYLE } from './define';
import { STYLES, styleById } from './meta';
import { styleIdAtom, styleLookAtom, styleSettingsAtom } from './state';
import { STYLE_THUMB_PREFIX } from './thumbnail';

const STYLE_IDS = [NO_STYLE, ...STYLES.map((s) => s.id)];

/**
 * The art styles: their own group beside the filters, one radiogroup (arrow keys move through
 * them; keys 1–9 stay the filters'), each with a live thumbnail (refreshed more slowly than the
 * filters'), and the chosen style's one setting (its brush or its strength) under them.
 */
export function StylePicker({ thumbnails }: { thumbnails: Map<string, HTMLCanvasElement> }) {
  const { t } = useI18n();
  const store = useStore();
  const styleId = useAtomValue(styleIdAtom);
  const look = useAtomValue(styleLookAtom);
  const style = styleById(styleId);
  const settingId = useId();
  // Thumbnails are drawn (several passes each) only while the strip is on screen.
  const section = useRef<HTMLElement>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    const el = section.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setLive(true);
    const seen = new IntersectionObserver(([entry]) => setLive(!!entry?.isIntersecting));
    seen.observe(el);
    return () => seen.disconnect();
  }, []);

  return (
    <section className="card booth-filters booth-styles" aria-labelledby="styles-heading" ref={section} data-live={live}>
      <h2 id="styles-heading">{t('styles.heading')}</h2>
      <p className="booth-hint">{t('styles.hint')}</p>
      <ChoiceStrip ids={STYLE_IDS} current={styleId} select={(id) => store.set(styleIdAtom, id)} labelledBy="styles-heading" className="filter-strip" testId="style-picker">
        <div className="filter-grid">
          {STYLE_IDS.map((id) => (
            <Choice key={id} id={id} tile className="filter-option" testId={`style-${id}`}>
              <canvas
                className="filter-thumb"
                width={THUMB_WIDTH}
                height={THUMB_HEIGHT}
                aria-hidden="true"
                ref={(el) => {
                  if (el) thumbnails.set(STYLE_THUMB_PREFIX + id, el);
                  else thumbnails.delete(STYLE_THUMB_PREFIX + id);
                }}
              />
              <span className="filter-name">{t(`styles.names.${id}`)}</span>
            </Choice>
          ))}
        </div>
      </ChoiceStrip>
      {style && (
        <p className="style-setting">
          <label htmlFor={settingId}>{t(`styles.settings.${style.setting.kind}`)}</label>
          <input
            id={settingId}
            type="range"
            data-testid="style-setting"
            min={style.setting.min}
            max={style.setting.max}
            step={style.setting.step}
            value={look.setting}
            onChange={(e) => {
              const value = clampSetting(style, Number(e.currentTarget.value));
              store.set(styleSettingsAtom, { ...store.get(styleSettingsAtom), [style.id]: value });
            }}
          />
          <output htmlFor={settingId}>{look.setting}</output>
        </p>
      )}
    </section>
  );
}
