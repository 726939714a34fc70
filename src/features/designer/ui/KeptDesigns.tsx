import { useStore } from 'jotai';
import { useId, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { LAYOUTS } from '../../strip/layouts';
import type { SavedDesign } from '../../strip/template/store';
import { useSavedDesigns } from '../../strip/ui/useSavedDesigns';
import { deleteKept, exportFile, importFile, newDesign, openKept, saveToDevice } from '../actions';
import type { DesignerEditor, EditorSnapshot } from '../editor';
import { START_LAYOUT } from '../meta';

/** Save, export and import, a new design from a built-in layout, and the designs kept on this device. */
export function KeptDesigns({ editor, snap }: { editor: DesignerEditor; snap: EditorSnapshot }) {
  const { t } = useI18n();
  const store = useStore();
  const saved = useSavedDesigns();
  const [startFrom, setStartFrom] = useState(START_LAYOUT);
  const [confirming, setConfirming] = useState<string | null>(null);
  const ids = { start: useId() };
  const untitled = t('designer.untitled');
  const nameOf = (d: SavedDesign) => d.template.name || untitled;

  return (
    <section className="designer-panel" aria-labelledby="designer-kept-title">
      <h2 id="designer-kept-title">{t('designer.keep')}</h2>
      <div className="designer-actions">
        <button type="button" className="btn btn-primary" data-testid="designer-save" disabled={snap.busy} onClick={() => void saveToDevice(editor, store, untitled)}>
          {t('designer.save')}
        </button>
        <button type="button" className="btn btn-secondary" data-testid="designer-export" disabled={snap.busy} onClick={() => void exportFile(editor, untitled)}>
          {t('designer.export')}
        </button>
        <label className="btn btn-secondary designer-file">
          <input
            type="file"
            accept=".zip,application/zip"
            className="visually-hidden"
            data-testid="designer-import-input"
            disabled={snap.busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(editor, file);
            }}
          />
          {t('designer.import')}
        </label>
      </div>
      <p className="hint">{snap.dirty ? t('designer.unsaved') : t('designer.keptHint')}</p>

      <div className="designer-new">
        <div className="designer-field">
          <label htmlFor={ids.start}>{t('designer.startFrom')}</label>
          <select id={ids.start} value={startFrom} onChange={(e) => setStartFrom(e.target.value)}>
            {LAYOUTS.map((l) => (
              <option key={l.id} value={l.id}>
                {t(`strip.layouts.${l.id}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="designer-new"
          onClick={() => {
            editor.load(newDesign(startFrom), { undoable: true });
            editor.say('designer.msg.started', { layout: t(`strip.layouts.${startFrom}`) });
          }}
        >
          {t('designer.new')}
        </button>
      </div>

      <h3 className="designer-subhead">{t('designer.kept')}</h3>
      {saved === null ? (
        <p className="hint">{t('designer.keptLoading')}</p>
      ) : saved.length === 0 ? (
        <p className="hint">{t('designer.keptNone')}</p>
      ) : (
        <ul className="designer-kept">
          {saved.map((d) => {
            const id = d.template.id;
            const open = id === snap.template.id;
            return (
              <li key={id} data-testid="designer-kept" data-design-id={id} aria-current={open || undefined}>
                <span className="designer-kept-name">
                  {nameOf(d)}
                  {open && <span className="designer-badge">{t('designer.editing')}</span>}
                </span>
                <button type="button" className="btn btn-ghost" onClick={() => openKept(editor, d)} aria-label={t('designer.openNamed', { name: nameOf(d) })}>
                  {t('designer.open')}
                </button>
                {confirming === id ? (
                  <button
                    type="button"
                    className="btn btn-ghost designer-danger"
                    onClick={() => {
                      setConfirming(null);
                      void deleteKept(editor, store, d);
                    }}
                    aria-label={t('designer.confirmDeleteNamed', { name: nameOf(d) })}
                  >
                    {t('designer.confirmDelete')}
                  </button>
                ) : (
                  <button type="button" className="btn btn-ghost" onClick={() => setConfirming(id)} aria-label={t('designer.deleteNamed', { name: nameOf(d) })}>
                    {t('designer.delete')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
