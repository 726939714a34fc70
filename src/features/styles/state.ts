import { atom } from 'jotai';
import { NO_STYLE, type StyleLook } from './define';
import { styleById } from './meta';

/** The chosen art style ('none': no style); the preview and every shot draw with it. */
export const styleIdAtom = atom<string>(NO_STYLE);

/** Each style's setting as the visitor left it (a style not here starts at its initial value). */
export const styleSettingsAtom = atom<Readonly<Record<string, number>>>({});

/** The style stage's look: the style and its setting (one object while neither changes). */
export const styleLookAtom = atom<StyleLook>((get) => {
  const id = get(styleIdAtom);
  const style = styleById(id);
  if (!style) return PLAIN_STYLE;
  return { id, setting: get(styleSettingsAtom)[id] ?? style.setting.initial };
});

export const PLAIN_STYLE: StyleLook = { id: NO_STYLE, setting: 0 };
