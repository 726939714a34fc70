import { useAtom, useAtomValue } from 'jotai';
import { useId, useRef } from 'react';
import {
  BEAUTY_LEVELS,
  BEAUTY_PRESETS,
  BLUSH_COLORS,
  clampLevel,
  LIP_COLORS,
  matchingPreset,
  needsFaces,
  PRESET_LEVELS,
  ZERO_LEVELS,
  type BeautyLevel,
} from './meta';
import { useI18n } from '../../i18n/I18nProvider';
import { beautyEnabledAtom, beautyLevelsAtom, makeupColorsAtom } from './state';
import { faceTrackingAtom } from '../vision/state';
import { LevelSlider } from '../../components/LevelSlider';
import './BeautyPanel.css';

/**
 * The beauty panel: beside the preview on a wide screen; on a phone a drawer over the lower part
 * of the preview (`open`), so the face stays in view while the sliders move.
 */
export default function BeautyPanel({
  id,
  open = false,
  onClose,
  onFirstUse,
  onRetry,
}: {
  id?: string;
  open?: boolean;
  onClose?: () => void;
  /** The panel was first touched: the face model may start loading at once. */
  onFirstUse?: () => void;
  onRetry?: () => void;
}) {
  const { t } = useI18n();
  const [enabled, setEnabled] = useAtom(beautyEnabledAtom);
  const [levels, setLevels] = useAtom(beautyLevelsAtom);
  const [colors, setColors] = useAtom(makeupColorsAtom);
  // Face tracking as the booth session publishes it (it loads the model when an effect needs faces).
  const { status, faces: face, shape } = useAtomValue(faceTrackingAtom);
  const idBase = useId();
  const rootRef = useRef<HTMLElement>(null);


  const setLevel = (key: BeautyLevel, value: number) => setLevels((l) => ({ ...l, [key]: clampLevel(value) }));
  const preset = matchingPreset(levels);
  const settings = { enabled, levels };
  const percent = status.state === 'loading' && status.total ? Math.round((status.loaded / status.total) * 100) : 0;

  return (
    <section
      ref={rootRef}
      id={id}
      className="beauty-panel card"
      data-open={open}
      aria-labelledby={`${idBase}-title`}
      onFocusCapture={onFirstUse}
      onPointerDownCapture={onFirstUse}
      data-testid="beauty-panel"
      data-model={status.state}
      data-landmarks={shape}
    >
      <div className="beauty-head">
        <h2 id={`${idBase}-title`}>{t('beauty.title')}</h2>
        <label className="beauty-toggle">
          <input
            type="checkbox"
            role="switch"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            data-testid="beauty-enable"
          />
          <span>{t('beauty.enable')}</span>
        </label>
        {onClose && (
          <button type="button" className="btn btn-secondary beauty-close" onClick={onClose}>
            {t('beauty.close')}
          </button>
        )}
      </div>

      {/* One line kept for the model's progress and the no-face hint, so neither moves the presets
          under a finger (a first press starts the download; a shift would turn it into a miss). */}
      <div className="beauty-live">
        {status.state === 'loading' && (
          <div className="beauty-status" role="status">
            <progress
              max={100}
              value={percent}
              aria-label={t('beauty.loadingLabel')}
              data-testid="beauty-progress"
            />
            <span>{t('beauty.loading', { percent })}</span>
          </div>
        )}
        {status.state === 'failed' && (
          <div className="notice error beauty-unavailable" role="alert">
            <p data-testid="beauty-unavailable">
              {t('beauty.unavailable', { reason: t(`beauty.reasons.${status.reason}`) })}
            </p>
            {/* No WebGL in the worker is the engine's own: trying again cannot help. */}
            {status.reason !== 'webgl' && (
              <button type="button" className="btn btn-secondary" onClick={onRetry} data-testid="beauty-retry">
                {t('beauty.retry')}
              </button>
            )}
          </div>
        )}
        {status.state === 'ready' && needsFaces(settings) && face === 'none' && (
          <p className="beauty-hint" role="status" data-testid="beauty-noface">
            {t('beauty.noFace')}
          </p>
        )}
      </div>

      <fieldset className="beauty-presets" disabled={!enabled}>
        <legend>{t('beauty.presetsLabel')}</legend>
        {BEAUTY_PRESETS.map((id) => (
          <button
            key={id}
            type="button"
            className="btn btn-secondary"
            aria-pressed={preset === id}
            onClick={() => setLevels({ ...PRESET_LEVELS[id] })}
          >
            {t(`beauty.presets.${id}`)}
          </button>
        ))}
      </fieldset>

      <div className="beauty-sliders">
        {BEAUTY_LEVELS.map((key) => (
          <LevelSlider
            key={key}
            label={t(`beauty.levels.${key}`)}
            value={levels[key]}
            disabled={!enabled}
            level={key}
            onChange={(value) => setLevel(key, value)}
          >
            {(key === 'lips' || key === 'blush') && (
              <fieldset className="beauty-shades" disabled={!enabled}>
                <legend>{t(key === 'lips' ? 'beauty.lipColor' : 'beauty.blushColor')}</legend>
                {(Object.entries(key === 'lips' ? LIP_COLORS : BLUSH_COLORS) as [string, readonly number[]][]).map(([shade, rgb]) => (
                  <label key={shade} className="beauty-shade">
                    <input
                      type="radio"
                      name={`${idBase}-${key}-shade`}
                      value={shade}
                      checked={colors[key] === shade}
                      data-shade={`${key}:${shade}`}
                      onChange={() => setColors((c) => ({ ...c, [key]: shade }))}
                    />
                    <span className="beauty-swatch" style={{ background: `rgb(${rgb.map((v) => Math.round(v * 255)).join(' ')})` }} aria-hidden="true" />
                    <span>{t(`beauty.colors.${shade}`)}</span>
                  </label>
                ))}
              </fieldset>
            )}
          </LevelSlider>
        ))}
      </div>

      <div className="beauty-foot">
        <button type="button" className="btn btn-ghost" onClick={() => setLevels({ ...ZERO_LEVELS })} disabled={!enabled}>
          {t('beauty.reset')}
        </button>
        <p className="beauty-privacy">{t('beauty.privacy')}</p>
      </div>
    </section>
  );
}
