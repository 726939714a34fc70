/**
 * What the designer's buttons do that takes a moment: reading a picture, an overlay or a design file,
 * keeping a design, writing its file. Each waits with the editor busy and ends with a message the
 * screen shows; a file that cannot be used changes nothing.
 */
import type { useStore } from 'jotai';
import { saveBlob } from '../strip/export';
import { stripSettingsAtom } from '../strip/state';
import { builtinTemplate } from '../strip/template/builtins';
import { designFileName, exportDesign, importDesign } from '../strip/template/file';
import { parseTemplate, photoLayers, picturesUsed, type Template } from '../strip/template/model';
import { addPicture } from '../strip/template/pictures';
import { deleteDesign, newDesignId, saveDesign, type SavedDesign } from '../strip/template/store';
import { overlayDesign } from '../strip/template/windows';
import { loadSavedDesigns } from '../strip/ui/useSavedDesigns';
import type { DesignDoc, DesignerEditor } from './editor';
import { PICTURE_MAX_SIDE, START_BACKGROUND, START_LAYOUT, START_SHOTS } from './meta';

type Store = ReturnType<typeof useStore>;

/** A new design: a copy of a built-in layout with an id of its own. */
export function newDesign(layoutId = START_LAYOUT, shots = START_SHOTS, background = START_BACKGROUND): DesignDoc {
  const t = builtinTemplate(layoutId, shots, background);
  return { template: { ...t, id: newDesignId(), name: '' }, pictures: {} };
}

/** The design as kept: only the pictures its template draws. */
function asSaved(doc: DesignDoc): SavedDesign {
  const pictures = Object.fromEntries(picturesUsed(doc.template).flatMap((k) => (doc.pictures[k] ? [[k, doc.pictures[k]]] : [])));
  return { template: doc.template, pictures, savedAt: Date.now() };
}

async function busy<T>(editor: DesignerEditor, work: () => Promise<T>): Promise<T | undefined> {
  editor.setBusy(true);
  try {
    return await work();
  } catch {
    return undefined;
  } finally {
    editor.setBusy(false);
  }
}

/** A logo or any picture, added as a layer on top. */
export async function addPictureFile(editor: DesignerEditor, file: Blob) {
  const got = await busy(editor, () => addPicture(file, { maxSide: PICTURE_MAX_SIDE }));
  if (!got) return editor.say('designer.msg.pictureFailed', {}, 'error');
  if (!got.ok) return editor.say(got.problem === 'tooBig' ? 'designer.msg.pictureTooBig' : 'designer.msg.notPicture', {}, 'error');
  if (editor.addPicture(got.key, got.blob, got.width, got.height)) editor.say('designer.msg.pictureAdded');
}

/** A PNG with transparent windows: the design becomes the overlay over one photo slot per window. */
export async function addOverlayFile(editor: DesignerEditor, file: Blob) {
  const cur = editor.design.template;
  const got = await busy(editor, () => overlayDesign(file, cur.name));
  if (!got) return editor.say('designer.msg.overlayFailed', {}, 'error');
  if (!got.ok) {
    const key = got.problem === 'noWindows' ? 'designer.msg.noWindows' : got.problem === 'tooBig' ? 'designer.msg.pictureTooBig' : 'designer.msg.notPicture';
    return editor.say(key, {}, 'error');
  }
  // Still this design (its id and name), now laid out by the overlay.
  const template: Template = { ...got.design.template, id: cur.id, name: cur.name || got.design.template.name };
  editor.replace({ template, pictures: got.design.pictures });
  editor.say('designer.msg.overlayAdded', { count: photoLayers(template).length });
}

const IMPORT_PROBLEMS = { notDesign: 'designer.msg.importNotDesign', damaged: 'designer.msg.importDamaged', newer: 'designer.msg.importNewer' } as const;

/** A design file (.zip) opened as a new design (nothing kept until it is saved). */
export async function importFile(editor: DesignerEditor, file: Blob) {
  const got = await busy(editor, () => importDesign(file));
  if (!got) return editor.say(IMPORT_PROBLEMS.damaged, {}, 'error');
  if (!got.ok) return editor.say(IMPORT_PROBLEMS[got.problem], {}, 'error');
  editor.load({ template: got.design.template, pictures: got.design.pictures }, { saved: false, undoable: true });
  editor.say('designer.msg.imported', { name: got.design.template.name });
}

/** Downloads the design as a file to keep or open on another device. */
export async function exportFile(editor: DesignerEditor, fallbackName: string) {
  const doc = editor.design;
  const saved = asSaved({ ...doc, template: { ...doc.template, name: doc.template.name.trim() || fallbackName } });
  const ok = await busy(editor, async () => {
    await saveBlob(await exportDesign(saved), designFileName(saved));
    return true;
  });
  if (ok) editor.say('designer.msg.exported', { file: designFileName(saved) });
  else editor.say('designer.msg.exportFailed', {}, 'error');
}

/** Keeps the design on this device and makes it the strip's layout. */
export async function saveToDevice(editor: DesignerEditor, store: Store, fallbackName: string) {
  const doc = editor.design;
  const template: Template = { ...doc.template, name: doc.template.name.trim() || fallbackName };
  if (!parseTemplate(template).ok) return editor.say('designer.msg.saveFailed', {}, 'error');
  const ok = await busy(editor, async () => {
    await saveDesign(asSaved({ ...doc, template }));
    await loadSavedDesigns(store, true);
    return true;
  });
  if (!ok) return editor.say('designer.msg.saveFailed', {}, 'error');
  store.set(stripSettingsAtom, (s) => ({ ...s, layoutId: template.id }));
  // Only if nothing changed meanwhile is what is on screen the kept design.
  if (editor.design === doc) editor.markSaved({ ...doc, template });
  editor.say('designer.msg.saved', { name: template.name });
}

/** Deletes a kept design; a strip using it goes back to the classic layout. */
export async function deleteKept(editor: DesignerEditor, store: Store, design: SavedDesign) {
  const id = design.template.id;
  const ok = await busy(editor, async () => {
    await deleteDesign(id);
    await loadSavedDesigns(store, true);
    return true;
  });
  if (!ok) return editor.say('designer.msg.deleteFailed', {}, 'error');
  store.set(stripSettingsAtom, (s) => (s.layoutId === id ? { ...s, layoutId: START_LAYOUT } : s));
  editor.say('designer.msg.deleted', { name: design.template.name });
}

/** Opens a kept design to edit. */
export function openKept(editor: DesignerEditor, design: SavedDesign) {
  editor.load({ template: design.template, pictures: design.pictures }, { undoable: true });
  editor.say('designer.msg.opened', { name: design.template.name });
}
