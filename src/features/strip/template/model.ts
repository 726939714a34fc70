/**
 * THE STRIP'S DESIGN AS DATA. A template says everything about how a strip looks: the paper, the
 * background, and an ordered list of layers drawn bottom to top: photo slots, text, pictures (a
 * logo), a full-paper overlay (a host's PNG with windows) and the built-in parts (the caption
 * block, the magazine masthead, the visitor's frame). The seven built-in layouts are templates made
 * by code (`builtins.ts`), a host's own designs are templates kept on the device (`store.ts`); the
 * composer, the preview, print, the moving strip and the event booth take a template and nothing
 * else. Every template read from anywhere (storage, an imported file) is checked by `parseTemplate`.
 *
 * Units: positions and sizes are fractions of the paper (x, w of its width; y, h of its height), so
 * a template draws at any resolution; rotations are degrees about the layer's centre; text sizes,
 * border widths and corner radii are points (1/72 inch of the printed paper).
 */
import * as v from 'valibot';

/** The template format this code writes; a newer one is refused with a message, never guessed at. */
export const TEMPLATE_FORMAT = 1;

export interface Paper {
  /** Inches. */
  w: number;
  h: number;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Degrees, clockwise, about the box's centre. */
  rotation: number;
}

/** How a built-in layout dresses a photo (a custom slot is 'plain', with its own border and radius). */
export type PhotoStyle = 'plain' | 'polaroid' | 'film' | 'comic' | 'collage';

export interface PhotoLayer extends Box {
  kind: 'photo';
  id: string;
  /** Which shot goes here: 0 for the first. */
  shot: number;
  /** Corner radius, points. */
  radius: number;
  border: { width: number; color: string };
  style: PhotoStyle;
  /** A colour laid over the photo (the vintage film's warm fade), or '' for none. */
  tint: string;
}

export type TextAlign = 'left' | 'center' | 'right';

export interface TextLayer extends Box {
  kind: 'text';
  id: string;
  /** The words; `{date}`, `{time}` and `{caption}` are filled in when the strip is drawn. */
  content: string;
  /** A font id of `fonts.ts`. */
  font: string;
  /** Points. */
  size: number;
  color: string;
  align: TextAlign;
  bold: boolean;
}

export interface PictureLayer extends Box {
  kind: 'picture';
  id: string;
  /** The picture's key in the template's pictures. */
  picture: string;
}

/** A picture covering the whole paper, usually drawn above the photos (its windows show them). */
export interface OverlayLayer {
  kind: 'overlay';
  id: string;
  picture: string;
}

/** The built-in caption block: the visitor's caption and the date, fitted to the box. */
export interface CaptionLayer extends Box {
  kind: 'caption';
  id: string;
  /** 'auto': ink by the background; 'light': white ink (on the film base); 'comic': a yellow panel. */
  look: 'auto' | 'light' | 'comic';
}

/** The magazine cover's title across the top, drawn when there is a photo. */
export interface MastheadLayer {
  kind: 'masthead';
  id: string;
}

/** The frame the visitor picked (hearts, clouds…), drawn around the paper's edge. */
export interface FrameLayer {
  kind: 'frame';
  id: string;
}

export type Layer = PhotoLayer | TextLayer | PictureLayer | OverlayLayer | CaptionLayer | MastheadLayer | FrameLayer;
export type BoxLayer = PhotoLayer | TextLayer | PictureLayer | CaptionLayer;
export type LayerKind = Layer['kind'];

export interface Template {
  format: number;
  id: string;
  name: string;
  paper: Paper;
  /** A colour, and optionally a picture drawn over it to cover the paper. */
  background: { color: string; picture: string };
  /** Drawn under everything (the vintage film's dark base with sprocket holes). */
  base: 'none' | 'film';
  layers: Layer[];
}

export function hasBox(layer: Layer): layer is BoxLayer {
  return 'x' in layer;
}

/** The photo slots in drawing order. */
export function photoLayers(t: Template): PhotoLayer[] {
  return t.layers.filter((l): l is PhotoLayer => l.kind === 'photo');
}

/** How many shots the template uses (its highest shot + 1). */
export function shotsNeeded(t: Template): number {
  return photoLayers(t).reduce((n, l) => Math.max(n, l.shot + 1), 0);
}

/** Every picture key the template draws. */
export function picturesUsed(t: Template): string[] {
  const keys = new Set<string>();
  if (t.background.picture) keys.add(t.background.picture);
  for (const l of t.layers) if (l.kind === 'picture' || l.kind === 'overlay') keys.add(l.picture);
  return [...keys];
}

// ---- validation ---------------------------------------------------------------------------------

const MAX_LAYERS = 64;
const colour = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$|^rgba?\([\d.,\s]+\)$/));
const fraction = v.pipe(v.number(), v.finite(), v.minValue(-1), v.maxValue(2));
const size = v.pipe(v.number(), v.finite(), v.minValue(0.001), v.maxValue(3));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const pictureKey = v.pipe(v.string(), v.regex(/^[0-9a-z-]{1,64}$/));
const box = {
  x: fraction,
  y: fraction,
  w: size,
  h: size,
  rotation: v.pipe(v.number(), v.finite(), v.minValue(-360), v.maxValue(360)),
};

const LayerSchema = v.variant('kind', [
  v.object({
    kind: v.literal('photo'),
    id,
    ...box,
    shot: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7)),
    radius: v.pipe(v.number(), v.minValue(0), v.maxValue(500)),
    border: v.object({ width: v.pipe(v.number(), v.minValue(0), v.maxValue(200)), color: colour }),
    style: v.picklist(['plain', 'polaroid', 'film', 'comic', 'collage']),
    tint: v.union([v.literal(''), colour]),
  }),
  v.object({
    kind: v.literal('text'),
    id,
    ...box,
    content: v.pipe(v.string(), v.maxLength(500)),
    font: v.pipe(v.string(), v.maxLength(64)),
    size: v.pipe(v.number(), v.minValue(1), v.maxValue(1000)),
    color: colour,
    align: v.picklist(['left', 'center', 'right']),
    bold: v.boolean(),
  }),
  v.object({ kind: v.literal('picture'), id, ...box, picture: pictureKey }),
  v.object({ kind: v.literal('overlay'), id, picture: pictureKey }),
  v.object({ kind: v.literal('caption'), id, ...box, look: v.picklist(['auto', 'light', 'comic']) }),
  v.object({ kind: v.literal('masthead'), id }),
  v.object({ kind: v.literal('frame'), id }),
]);

// Up to 12 in a side: the print at 300 dpi stays within 3600 px (a canvas every phone can hold).
const inches = v.pipe(v.number(), v.finite(), v.minValue(1), v.maxValue(12));

export const TemplateSchema = v.object({
  format: v.literal(TEMPLATE_FORMAT),
  id,
  name: v.pipe(v.string(), v.maxLength(80)),
  paper: v.object({ w: inches, h: inches }),
  background: v.object({ color: colour, picture: v.union([v.literal(''), pictureKey]) }),
  base: v.picklist(['none', 'film']),
  layers: v.pipe(v.array(LayerSchema), v.maxLength(MAX_LAYERS)),
});

export type TemplateProblem = 'newer' | 'damaged';

/** A template read from anywhere, checked; a newer format and anything else wrong are told apart. */
export function parseTemplate(data: unknown): { ok: true; template: Template } | { ok: false; problem: TemplateProblem } {
  const format = (data as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > TEMPLATE_FORMAT) return { ok: false, problem: 'newer' };
  const r = v.safeParse(TemplateSchema, data);
  if (!r.success) return { ok: false, problem: 'damaged' };
  const t = r.output as Template;
  if (new Set(t.layers.map((l) => l.id)).size !== t.layers.length) return { ok: false, problem: 'damaged' };
  return { ok: true, template: t };
}
