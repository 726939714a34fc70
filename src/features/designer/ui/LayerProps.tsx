import { useId } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { hasBox, type BoxLayer, type PhotoLayer, type TextAlign, type TextLayer } from '../../strip/template/model';
import type { DesignerEditor, EditorSnapshot } from '../editor';
import { layerLabel } from '../layers';
import { MAX_SHOTS } from '../meta';
import { FontPicker } from './FontPicker';
import { NumberField } from './NumberField';

type Ed = { editor: DesignerEditor };

/** Where the box is and how big, in % of the paper, and its turn in degrees. */
function BoxFields({ editor, layer }: Ed & { layer: BoxLayer }) {
  const { t } = useI18n();
  const set = (field: 'x' | 'y' | 'w' | 'h') => (v: number) => editor.update(layer.id, { [field]: v / 100 }, `${layer.id}:${field}`);
  return (
    <div className="designer-grid">
      <NumberField label={t('designer.x')} unit="%" value={layer.x * 100} min={-100} max={200} onChange={set('x')} />
      <NumberField label={t('designer.y')} unit="%" value={layer.y * 100} min={-100} max={200} onChange={set('y')} />
      <NumberField label={t('designer.width')} unit="%" value={layer.w * 100} min={2} max={300} onChange={set('w')} />
      <NumberField label={t('designer.height')} unit="%" value={layer.h * 100} min={2} max={300} onChange={set('h')} />
      <NumberField label={t('designer.rotation')} unit="°" value={layer.rotation} min={-360} max={360} onChange={(v) => editor.update(layer.id, { rotation: v }, `${layer.id}:rotation`)} />
    </div>
  );
}

function TextFields({ editor, layer }: Ed & { layer: TextLayer }) {
  const { t } = useI18n();
  const ids = { content: useId(), colour: useId(), align: useId(), hint: useId() };
  return (
    <>
      <div className="designer-field">
        <label htmlFor={ids.content}>{t('designer.text')}</label>
        <textarea
          id={ids.content}
          rows={2}
          maxLength={500}
          value={layer.content}
          data-testid="designer-text-content"
          aria-describedby={ids.hint}
          onChange={(e) => editor.update(layer.id, { content: e.target.value }, `${layer.id}:content`)}
        />
        <p id={ids.hint} className="hint">
          {t('designer.tokensHint')}
        </p>
      </div>
      <FontPicker value={layer.font} onChange={(font) => editor.update(layer.id, { font })} />
      <div className="designer-grid">
        <NumberField label={t('designer.size')} unit="pt" value={layer.size} min={1} max={1000} onChange={(size) => editor.update(layer.id, { size }, `${layer.id}:size`)} />
        <div className="designer-field">
          <label htmlFor={ids.colour}>{t('designer.colour')}</label>
          <input id={ids.colour} type="color" value={layer.color.startsWith('#') ? layer.color : '#000000'} onChange={(e) => editor.update(layer.id, { color: e.target.value }, `${layer.id}:color`)} />
        </div>
        <div className="designer-field">
          <label htmlFor={ids.align}>{t('designer.align')}</label>
          <select id={ids.align} value={layer.align} onChange={(e) => editor.update(layer.id, { align: e.target.value as TextAlign })}>
            {(['left', 'center', 'right'] as const).map((a) => (
              <option key={a} value={a}>
                {t(`designer.aligns.${a}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="designer-check">
          <input type="checkbox" checked={layer.bold} onChange={(e) => editor.update(layer.id, { bold: e.target.checked })} />
          {t('designer.bold')}
        </label>
      </div>
    </>
  );
}

function SlotFields({ editor, layer }: Ed & { layer: PhotoLayer }) {
  const { t } = useI18n();
  const ids = { shot: useId(), border: useId() };
  return (
    <div className="designer-grid">
      <div className="designer-field">
        <label htmlFor={ids.shot}>{t('designer.shot')}</label>
        <select id={ids.shot} value={layer.shot} onChange={(e) => editor.update(layer.id, { shot: Number(e.target.value) })}>
          {Array.from({ length: MAX_SHOTS }, (_, i) => (
            <option key={i} value={i}>
              {t('designer.shotN', { n: i + 1 })}
            </option>
          ))}
        </select>
      </div>
      {layer.style === 'plain' && (
        <>
          <NumberField label={t('designer.radius')} unit="pt" value={layer.radius} min={0} max={500} onChange={(radius) => editor.update(layer.id, { radius }, `${layer.id}:radius`)} />
          <NumberField
            label={t('designer.borderWidth')}
            unit="pt"
            value={layer.border.width}
            min={0}
            max={200}
            onChange={(width) => editor.update(layer.id, { border: { ...layer.border, width } }, `${layer.id}:border`)}
          />
          <div className="designer-field">
            <label htmlFor={ids.border}>{t('designer.borderColour')}</label>
            <input id={ids.border} type="color" value={layer.border.color.startsWith('#') ? layer.border.color : '#000000'} onChange={(e) => editor.update(layer.id, { border: { ...layer.border, color: e.target.value } }, `${layer.id}:border`)} />
          </div>
        </>
      )}
    </div>
  );
}

/** The selected layer's settings: its box, and what its kind has (words and font, shot and border). */
export function LayerProps({ editor, snap }: Ed & { snap: EditorSnapshot }) {
  const { t } = useI18n();
  const layer = snap.selected;
  if (!layer) {
    return (
      <section className="designer-panel" aria-labelledby="designer-props-title">
        <h2 id="designer-props-title">{t('designer.selected')}</h2>
        <p className="hint">{t('designer.nothingSelected')}</p>
      </section>
    );
  }
  const { key, params } = layerLabel(layer);
  return (
    <section className="designer-panel designer-props" aria-labelledby="designer-props-title" data-kind={layer.kind}>
      <h2 id="designer-props-title">{t(key, params)}</h2>
      {layer.kind === 'text' && <TextFields key={`text:${layer.id}`} editor={editor} layer={layer} />}
      {layer.kind === 'photo' && <SlotFields key={`slot:${layer.id}`} editor={editor} layer={layer} />}
      {!hasBox(layer) && <p className="hint">{t(`designer.about.${layer.kind}`)}</p>}
      {layer.kind === 'caption' && <p className="hint">{t('designer.about.caption')}</p>}
      {hasBox(layer) && <BoxFields key={`box:${layer.id}`} editor={editor} layer={layer} />}
      <div className="designer-actions">
        <button type="button" className="btn btn-ghost" onClick={() => editor.remove(layer.id)}>
          {t('designer.deleteThis')}
        </button>
      </div>
    </section>
  );
}
