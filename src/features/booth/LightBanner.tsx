import { useAtomValue, useStore } from 'jotai';
import { useI18n } from '../../i18n/I18nProvider';
import { selectFilter } from '../filters/select';
import { filterIdAtom } from '../filters/state';
import { lightAtom } from './state';
import { RECOMMENDED_FILTER } from '../vision/light';

/** Smart light detection: the scene's light level and a one-click recommended filter. */
export function LightBanner() {
  const { t } = useI18n();
  const light = useAtomValue(lightAtom);
  const store = useStore();
  const filterId = useAtomValue(filterIdAtom);
  if (!light) return null;
  const recommended = RECOMMENDED_FILTER[light.level];
  return (
    <section className={`card booth-light light-${light.level}`} data-testid="light-banner" data-level={light.level} aria-live="polite">
      <p>
        <strong>{t(`booth.light.${light.level}`)}</strong> {t(`booth.lightAdvice.${light.level}`)}
      </p>
      {recommended !== filterId ? (
        <button type="button" className="btn btn-secondary" onClick={() => selectFilter(store, recommended)} data-testid="apply-recommended">
          {t('booth.applyRecommended', { filter: t(`filters.names.${recommended}`) })}
        </button>
      ) : (
        <p className="booth-hint">{t('booth.recommendedApplied', { filter: t(`filters.names.${recommended}`) })}</p>
      )}
    </section>
  );
}
