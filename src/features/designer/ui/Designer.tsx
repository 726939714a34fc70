import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { LangLink } from '../../../components/LangLink';
import { useI18n } from '../../../i18n/I18nProvider';
import { readablePhotosAtom } from '../../../state/session';
import type { StripDesign } from '../../strip/compose';
import { stripSettingsAtom } from '../../strip/state';
import { dayWords, savedDesign } from '../../strip/template/design';
import { useSavedDesigns } from '../../strip/ui/useSavedDesigns';
import { addOverlayFile, addPictureFile, newDesign } from '../actions';
import { DesignerEditor } from '../editor';
import { DesignSettings } from './DesignSettings';
import { KeptDesigns } from './KeptDesigns';
import { LayerList } from './LayerList';
import { LayerProps } from './LayerProps';
import { Stage } from './Stage';
import './designer.css';

/** Whether a key press belongs to a text field (which has its own undo). */
const typingIn = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/**
 * The strip designer: the editor (plain TypeScript) is made once, and this screen shows it and
 * hands it what the person does. It opens the design the strip uses now, when that is a kept one.
 */
export function Designer() {
  const { t, lang } = useI18n();
  const [editor] = useState(() => new DesignerEditor(newDesign()));
  const snap = useSyncExternalStore(editor.subscribe, editor.getSnapshot, editor.getSnapshot);
  const settings = useAtomValue(stripSettingsAtom);
  const photos = useAtomValue(readablePhotosAtom);
  const saved = useSavedDesigns();

  // The kept design the strip uses now, opened once the kept designs are read (if nothing was done yet).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || saved === null) return;
    opened.current = true;
    const own = savedDesign(settings.layoutId, saved);
    const s = editor.getSnapshot();
    if (own && !s.canUndo && !s.dirty) editor.load({ template: own.template, pictures: own.pictures });
  }, [saved, settings.layoutId, editor]);

  // Undo and redo from anywhere on the screen but a text field (the canvas handles its own keys).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typingIn(e.target) || !(e.ctrlKey || e.metaKey)) return;
      if (!['z', 'y'].includes(e.key.toLowerCase())) return;
      if (editor.handleKey(e)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [editor]);

  const takenAt = photos[0]?.takenAt;
  const design = useMemo<StripDesign>(() => {
    const tokens = dayWords(lang, takenAt ? new Date(takenAt) : new Date());
    return {
      template: snap.template,
      pictures: snap.pictures,
      frameId: settings.frameId,
      stickers: [],
      caption: settings.caption.trim() || t('designer.sampleCaption'),
      dateText: tokens.date,
      tokens,
      masthead: t('strip.masthead'),
    };
  }, [snap.template, snap.pictures, settings.frameId, settings.caption, takenAt, lang, t]);

  const message = snap.message;
  return (
    <div className="designer" data-busy={snap.busy || undefined}>
      <div className="designer-toolbar" role="toolbar" aria-label={t('designer.tools')}>
        <div className="designer-tool-group">
          <button type="button" className="btn btn-ghost" data-testid="designer-undo" disabled={!snap.canUndo} onClick={() => editor.undo()} aria-keyshortcuts="Control+Z Meta+Z">
            <span aria-hidden="true">↶</span> {t('designer.undo')}
          </button>
          <button type="button" className="btn btn-ghost" data-testid="designer-redo" disabled={!snap.canRedo} onClick={() => editor.redo()} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y">
            <span aria-hidden="true">↷</span> {t('designer.redo')}
          </button>
        </div>
        <div className="designer-tool-group">
          <button type="button" className="btn btn-secondary" data-testid="designer-add-slot" onClick={() => editor.addSlot()}>
            {t('designer.addSlot')}
          </button>
          <button type="button" className="btn btn-secondary" data-testid="designer-add-text" onClick={() => editor.addText()}>
            {t('designer.addText')}
          </button>
          <FileButton testId="designer-picture-input" accept="image/*" label={t('designer.addPicture')} disabled={snap.busy} onFile={(f) => void addPictureFile(editor, f)} />
          <FileButton testId="designer-overlay-input" accept="image/png" label={t('designer.addOverlay')} disabled={snap.busy} onFile={(f) => void addOverlayFile(editor, f)} />
        </div>
      </div>
      <p className={`designer-message${message ? (message.tone === 'error' ? ' notice error' : ' notice') : ''}`} role="status" data-testid="designer-message" data-tone={message?.tone}>
        {message ? t(message.key, message.params) : ''}
      </p>
      {message?.key === 'designer.msg.saved' && (
        <p className="designer-next">
          <LangLink href="/photobooth" className="btn btn-secondary" data-testid="designer-to-booth">
            {t('designer.toBooth')}
          </LangLink>
          <LangLink href="/preview" className="btn btn-ghost" data-testid="designer-to-strip">
            {t('designer.toStrip')}
          </LangLink>
        </p>
      )}
      <div className="designer-main">
        <Stage editor={editor} snap={snap} design={design} photos={photos} />
        <div className="designer-side">
          <LayerList editor={editor} snap={snap} />
          <LayerProps editor={editor} snap={snap} />
          <DesignSettings editor={editor} snap={snap} />
          <KeptDesigns editor={editor} snap={snap} />
        </div>
      </div>
    </div>
  );
}

/** A button that opens the file picker (the input itself, hidden, keeps the keyboard and the label). */
function FileButton({ testId, accept, label, disabled, onFile }: { testId: string; accept: string; label: string; disabled: boolean; onFile: (f: File) => void }) {
  return (
    <label className="btn btn-secondary designer-file" data-disabled={disabled || undefined}>
      <input
        type="file"
        accept={accept}
        className="visually-hidden"
        data-testid={testId}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      {label}
    </label>
  );
}
