/**
 * New layers for the designer, sized for the paper they go on, and how each layer is named in the
 * layer list.
 */
import { luminance } from '../strip/draw';
import { photoLayers, type Layer, type OverlayLayer, type PhotoLayer, type PictureLayer, type Template, type TextLayer } from '../strip/template/model';
import { DEFAULT_FONT, DEFAULT_TEXT, MAX_SHOTS } from './meta';

/** `kind-n` with the lowest n no layer has. */
export function uniqueId(t: Template, kind: string): string {
  const taken = new Set(t.layers.map((l) => l.id));
  let n = 1;
  while (taken.has(`${kind}-${n}`)) n++;
  return `${kind}-${n}`;
}

/** A box of `wIn`×`hIn` inches (shrunk to fit 90% of the paper) centred on the paper, as fractions. */
function centredBox(t: Template, wIn: number, hIn: number) {
  const s = Math.min(1, (0.9 * t.paper.w) / wIn, (0.9 * t.paper.h) / hIn);
  const w = (wIn * s) / t.paper.w;
  const h = (hIn * s) / t.paper.h;
  return { x: (1 - w) / 2, y: (1 - h) / 2, w, h, rotation: 0 };
}

/** A slot for the first shot no slot shows yet, 4:3, most of the paper's width. */
export function newSlot(t: Template): PhotoLayer {
  const used = new Set(photoLayers(t).map((l) => l.shot));
  let shot = 0;
  while (used.has(shot) && shot < MAX_SHOTS - 1) shot++;
  const w = t.paper.w * 0.8;
  return {
    kind: 'photo',
    id: uniqueId(t, 'slot'),
    ...centredBox(t, w, w * 0.75),
    shot,
    radius: 0,
    border: { width: 0, color: '#ffffff' },
    style: 'plain',
    tint: '',
  };
}

/** A line of text (the date, to start with) in ink that reads on the background. */
export function newText(t: Template, content = DEFAULT_TEXT): TextLayer {
  const size = Math.max(12, Math.round((Math.min(t.paper.w, t.paper.h) * 72) / 8));
  return {
    kind: 'text',
    id: uniqueId(t, 'text'),
    ...centredBox(t, t.paper.w * 0.8, (size * 1.8) / 72),
    content,
    font: DEFAULT_FONT,
    size,
    color: luminance(t.background.color) <= 0.5 ? '#ffffff' : '#1f1720',
    align: 'center',
    bold: false,
  };
}

/** A picture (a logo) at its own shape, a third of the paper's short side. */
export function newPicture(t: Template, key: string, width: number, height: number): PictureLayer {
  const side = Math.min(t.paper.w, t.paper.h) * 0.4;
  const s = side / Math.max(width, height, 1);
  return { kind: 'picture', id: uniqueId(t, 'picture'), ...centredBox(t, Math.max(width * s, 0.05), Math.max(height * s, 0.05)), picture: key };
}

export function newOverlay(t: Template, key: string): OverlayLayer {
  return { kind: 'overlay', id: uniqueId(t, 'overlay'), picture: key };
}

/** Where a new photo slot goes: under the first overlay (so its windows show it), else on top. */
export function slotIndex(t: Template): number {
  const i = t.layers.findIndex((l) => l.kind === 'overlay');
  return i < 0 ? t.layers.length : i;
}

/** A layer's name in the list: its kind's string key and what tells it apart (the shot, the words). */
export function layerLabel(l: Layer): { key: string; params: Record<string, string | number> } {
  switch (l.kind) {
    case 'photo':
      return { key: 'designer.layerKinds.photo', params: { n: l.shot + 1 } };
    case 'text':
      return { key: 'designer.layerKinds.text', params: { text: l.content.split('\n')[0]?.slice(0, 24) || '…' } };
    default:
      return { key: `designer.layerKinds.${l.kind}`, params: {} };
  }
}
