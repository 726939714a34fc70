import { useAtomValue, useStore } from 'jotai';
import { useId } from 'react';
import { PaintedCanvas, type Paint } from '../../components/PaintedCanvas';
import { Choice, ChoiceStrip } from '../../components/ChoiceStrip';
import { useI18n } from '../../i18n/I18nProvider';
import { shortcutsOf } from '../../lib/actions';
import { faceTrackingAtom } from '../vision/state';
import { PROP_ACTIONS } from './actions';
import { drawArt } from './art';
import { NO_PROP, PROP_CHOICES, PROP_GROUPS, PROPS } from './meta';
import { selectProp } from './select';
import { propIdAtom } from './state';
import './PropPicker.css';

const ICON_W = 72;
const ICON_H = 44;

/** One painter per prop, made once: its first part drawn small, centred in its icon (the same vector art the photo gets). */
const PAINT_PROP: ReadonlyMap<string, Paint> = new Map(
  PROPS.map(({ id, parts: [part] }): [string, Paint] => [
    id,
    (ctx, w, h) => {
      if (!part) return;
      const size = Math.min(w, h / part.aspect) * 0.9;
      ctx.translate((w - size) / 2, (h - size * part.aspect) / 2);
      ctx.scale(size, size);
      drawArt(part.art, ctx, part.aspect);
    },
  ]),
);

/**
 * Props that follow every face in view (glasses, hats, ears), beside the filters. One radiogroup:
 * arrow keys move through the choices; P and Shift+P work anywhere in the booth.
 */
export function PropPicker() {
  const { t } = useI18n();
  const store = useStore();
  const propId = useAtomValue(propIdAtom);
  const select = (id: string) => selectProp(store, id);
  const { status } = useAtomValue(faceTrackingAtom);
  const headingId = useId();

  // A prop needs the landmarks: the booth session loads the face model as soon as one is chosen.

  const option = (id: string, label: string) => {
    const paint = PAINT_PROP.get(id);
    return (
      <Choice key={id} id={id} tile className="prop-option" testId={`prop-${id}`}>
        {paint ? (
          <PaintedCanvas width={ICON_W} height={ICON_H} paint={paint} className="prop-icon" />
        ) : (
          <span className="prop-icon prop-icon-none" aria-hidden="true" />
        )}
        <span className="prop-name">{label}</span>
      </Choice>
    );
  };

  return (
    <section className="card booth-props" aria-labelledby={headingId} data-testid="prop-picker" data-prop={propId}>
      <h2 id={headingId}>{t('props.heading')}</h2>
      <p className="booth-hint hint-keys">{t('props.keysHint')}</p>
      {status.state === 'failed' && propId !== NO_PROP && (
        <p className="notice error" role="status" data-testid="props-unavailable">
          {t(status.reason === 'webgl' ? 'props.unavailableWebgl' : 'props.unavailable')}
        </p>
      )}
      <ChoiceStrip
        ids={PROP_CHOICES}
        current={propId}
        select={select}
        labelledBy={headingId}
        keyShortcuts={[shortcutsOf(PROP_ACTIONS, 'prop.next'), shortcutsOf(PROP_ACTIONS, 'prop.previous')].join(' ')}
        className="prop-strip"
      >
        {option(NO_PROP, t('props.none'))}
        {PROP_GROUPS.map((group) => (
          <div key={group} className="prop-group" data-group={group}>
            {PROPS.filter((p) => p.group === group).map((p) => option(p.id, t(`props.names.${p.id}`)))}
          </div>
        ))}
      </ChoiceStrip>
    </section>
  );
}
