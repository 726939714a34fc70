import { useId } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import type { DesignerEditor, EditorSnapshot } from '../editor';
import { CUSTOM_PAPER, PAPER_MAX_IN, PAPER_MIN_IN, PAPER_PRESETS, paperPresetId } from '../meta';
import { NumberField } from './NumberField';

/** The design's name, its paper and its background colour. */
export function DesignSettings({ editor, snap }: { editor: DesignerEditor; snap: EditorSnapshot }) {
  const { t } = useI18n();
  const ids = { name: useId(), paper: useId(), bg: useId() };
  const { paper, name, background } = snap.template;
  const preset = paperPresetId(paper);
  return (
    <section className="designer-panel" aria-labelledby="designer-settings-title">
      <h2 id="designer-settings-title">{t('designer.design')}</h2>
      <div className="designer-field">
        <label htmlFor={ids.name}>{t('designer.name')}</label>
        <input id={ids.name} type="text" maxLength={80} value={name} placeholder={t('designer.namePlaceholder')} data-testid="designer-name" onChange={(e) => editor.setName(e.target.value)} />
      </div>
      <div className="designer-grid wide">
        <div className="designer-field">
          <label htmlFor={ids.paper}>{t('designer.paper')}</label>
          <select
            id={ids.paper}
            value={preset}
            onChange={(e) => {
              const p = PAPER_PRESETS.find((x) => x.id === e.target.value);
              if (p) editor.setPaper(p.paper);
              else editor.setPaper({ w: paper.w + 0.5, h: paper.h });
            }}
          >
            {PAPER_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {t(`designer.papers.${p.id}`)}
              </option>
            ))}
            <option value={CUSTOM_PAPER}>{t('designer.papers.custom')}</option>
          </select>
        </div>
        <div className="designer-field">
          <label htmlFor={ids.bg}>{t('designer.background')}</label>
          <input id={ids.bg} type="color" value={background.color.startsWith('#') ? background.color : '#ffffff'} onChange={(e) => editor.setBackground(e.target.value)} />
        </div>
      </div>
      {preset === CUSTOM_PAPER && (
        <div className="designer-grid">
          <NumberField label={t('designer.paperW')} unit="in" value={paper.w} min={PAPER_MIN_IN} max={PAPER_MAX_IN} step={0.1} onChange={(w) => editor.setPaper({ w, h: paper.h }, 'paper:w')} />
          <NumberField label={t('designer.paperH')} unit="in" value={paper.h} min={PAPER_MIN_IN} max={PAPER_MAX_IN} step={0.1} onChange={(h) => editor.setPaper({ w: paper.w, h }, 'paper:h')} />
        </div>
      )}
    </section>
  );
}
