import { useAtomValue, useStore } from 'jotai';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { selectFilter } from '../filters/select';
import { filterIdAtom } from '../filters/state';
import { cameraInfoAtom, lightAtom } from './state';
import { RECOMMENDED_FILTER } from '../vision/light';
import type { LightLevel } from '../vision/types';

const LEVELS = Object.keys(RECOMMENDED_FILTER) as LightLevel[];

/**
 * Smart light detection: the scene's light level and a one-click recommended filter.
 *
 * The card sits above the beauty panel and keeps one size whatever it says: it is there from the
 * booth's first render ("Checking the light…"), and each of its two lines is as tall as the
 * longest thing it can show in this language (every message is laid out in the same cell, the
 * ones not shown invisible). Before, the card appeared with the first reading (a second after the
 * camera) and changed height with the level, moving the beauty switch under a finger about to
 * press it.
 */
export function LightBanner() {
  const { t } = useI18n();
  const light = useAtomValue(lightAtom);
  const { status } = useAtomValue(cameraInfoAtom);
  const store = useStore();
  const filterId = useAtomValue(filterIdAtom);
  // No camera, no reading to wait for (the stage says why).
  if (!light && status === 'error') return null;
  const level = light?.level ?? null;
  const filterName = (l: LightLevel) => t(`filters.names.${RECOMMENDED_FILTER[l]}`);
  const applied = (l: LightLevel) => t('booth.recommendedApplied', { filter: filterName(l) });
  return (
    <section className={`card booth-light light-${level ?? 'unknown'}`} data-testid="light-banner" data-level={level ?? ''} aria-live="polite">
      <Stack
        shown={
          <p data-testid="light-message">
            {level ? (
              <>
                <strong>{t(`booth.light.${level}`)}</strong> {t(`booth.lightAdvice.${level}`)}
              </>
            ) : (
              t('booth.lightChecking')
            )}
          </p>
        }
        spares={[
          <p key="checking">{t('booth.lightChecking')}</p>,
          ...LEVELS.map((l) => (
            <p key={l}>
              <strong>{t(`booth.light.${l}`)}</strong> {t(`booth.lightAdvice.${l}`)}
            </p>
          )),
        ]}
      />
      <Stack
        shown={
          !level ? null : RECOMMENDED_FILTER[level] !== filterId ? (
            <button type="button" className="btn btn-secondary" onClick={() => selectFilter(store, RECOMMENDED_FILTER[level])} data-testid="apply-recommended">
              {t('booth.applyRecommended', { filter: filterName(level) })}
            </button>
          ) : (
            <p className="booth-hint" data-testid="light-applied">
              {applied(level)}
            </p>
          )
        }
        spares={LEVELS.flatMap((l) => [
          <span key={`try-${l}`} className="btn btn-secondary">
            {t('booth.applyRecommended', { filter: filterName(l) })}
          </span>,
          <p key={`on-${l}`} className="booth-hint">
            {applied(l)}
          </p>,
        ])}
      />
    </section>
  );
}

/** One cell holding what is shown and, invisible under it, what it may show instead (its size). */
function Stack({ shown, spares }: { shown: ReactNode; spares: ReactNode[] }) {
  return (
    <div className="light-stack">
      {shown}
      <div className="light-spares" aria-hidden="true">
        {spares}
      </div>
    </div>
  );
}
