import { useI18n } from '../../../i18n/I18nProvider';
import type { DesignerEditor, EditorSnapshot } from '../editor';
import { layerLabel } from '../layers';

/** Every layer, the top one first: select it, move it up or down, delete it. */
export function LayerList({ editor, snap }: { editor: DesignerEditor; snap: EditorSnapshot }) {
  const { t } = useI18n();
  const layers = snap.template.layers;
  const last = layers.length - 1;
  return (
    <section className="designer-panel" aria-labelledby="designer-layers-title">
      <h2 id="designer-layers-title">{t('designer.layers')}</h2>
      {layers.length === 0 && <p className="hint">{t('designer.noLayers')}</p>}
      <ol className="designer-layers">
        {layers
          .map((l, i) => ({ l, i }))
          .reverse()
          .map(({ l, i }) => {
            const { key, params } = layerLabel(l);
            const name = t(key, params);
            const selected = l.id === snap.selectedId;
            return (
              <li key={l.id} className="designer-layer-row" data-selected={selected || undefined}>
                <button
                  type="button"
                  className="designer-layer"
                  data-testid="designer-layer"
                  data-layer-id={l.id}
                  data-kind={l.kind}
                  aria-pressed={selected}
                  onClick={() => editor.select(selected ? null : l.id)}
                >
                  <span className="designer-layer-icon" aria-hidden="true" data-kind={l.kind} />
                  <span className="designer-layer-name">{name}</span>
                </button>
                <button type="button" className="icon-button" aria-label={t('designer.moveUp', { name })} disabled={i === last} onClick={() => editor.reorder(l.id, 1)}>
                  <span aria-hidden="true">↑</span>
                </button>
                <button type="button" className="icon-button" aria-label={t('designer.moveDown', { name })} disabled={i === 0} onClick={() => editor.reorder(l.id, -1)}>
                  <span aria-hidden="true">↓</span>
                </button>
                <button type="button" className="icon-button" aria-label={t('designer.deleteLayer', { name })} onClick={() => editor.remove(l.id)}>
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            );
          })}
      </ol>
    </section>
  );
}
