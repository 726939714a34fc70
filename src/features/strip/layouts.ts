/**
 * The strip layouts: pure descriptions, one entry each. A layout says how big the strip is (its
 * print size in inches, which fixes the aspect), where each photo goes for a given number of photos
 * and where the caption goes. Every rectangle is a fraction of the canvas (x and w of its width,
 * y and h of its height), so the same description renders at any resolution.
 * Adding a layout = adding one entry here (plus its `strip.layouts.<id>` string).
 */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where one photo goes; `rotation` (radians, about the slot's centre) is for scattered layouts. */
export interface Slot extends Rect {
  rotation?: number;
}

/** How the composer dresses each photo: plain, a white polaroid card, film frame, comic panel. */
export type PhotoStyle = 'plain' | 'polaroid' | 'film' | 'comic' | 'collage';

export interface LayoutDef {
  id: string;
  /** Print size; the canvas keeps this aspect at every resolution. */
  printInches: { w: number; h: number };
  photoStyle: PhotoStyle;
  /** Photo rectangles for `count` photos (exactly `count` of them). */
  slots: (count: number) => Slot[];
  /** The caption and date line. */
  caption: Rect;
  /** Only layouts that mean it (the collage) let photos overlap. */
  overlap?: boolean;
  /** A warm, faded look drawn over the photos (vintage film). */
  tint?: string;
  /** A masthead drawn over the first photo (magazine cover). */
  masthead?: boolean;
}

/** `count` equal rows inside `area`, separated by `gap` (a fraction of the area's height). */
function column(area: Rect, count: number, gap: number): Slot[] {
  const n = Math.max(count, 1);
  const h = (area.h - gap * (n - 1)) / n;
  return Array.from({ length: count }, (_, i) => ({ x: area.x, y: area.y + i * (h + gap), w: area.w, h }));
}

/** Rows of `cols` cells; a last row with fewer photos is centred. */
function grid(area: Rect, count: number, cols: number, gapX: number, gapY: number): Slot[] {
  const rows = Math.max(Math.ceil(count / cols), 1);
  const w = (area.w - gapX * (cols - 1)) / cols;
  const h = (area.h - gapY * (rows - 1)) / rows;
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, count - row * cols);
    const col = i % cols;
    const offset = ((cols - inRow) * (w + gapX)) / 2;
    return { x: area.x + offset + col * (w + gapX), y: area.y + row * (h + gapY), w, h };
  });
}

export const LAYOUTS: LayoutDef[] = [
  {
    id: 'classic',
    printInches: { w: 2, h: 6 },
    photoStyle: 'plain',
    slots: (n) => column({ x: 0.08, y: 0.035, w: 0.84, h: 0.84 }, n, 0.012),
    caption: { x: 0.05, y: 0.89, w: 0.9, h: 0.09 },
  },
  {
    id: 'grid',
    printInches: { w: 4, h: 6 },
    photoStyle: 'plain',
    slots: (n) => (n <= 1 ? [{ x: 0.06, y: 0.04, w: 0.88, h: 0.8 }] : grid({ x: 0.06, y: 0.04, w: 0.88, h: 0.8 }, n, 2, 0.03, 0.02)),
    caption: { x: 0.06, y: 0.87, w: 0.88, h: 0.1 },
  },
  {
    id: 'polaroid',
    printInches: { w: 4, h: 6 },
    photoStyle: 'polaroid',
    // The slots are the photos; the composer draws each white card around its photo, so the
    // slots leave room for the card's border and its thicker bottom edge.
    slots: (n) =>
      grid({ x: 0.1, y: 0.05, w: 0.8, h: 0.76 }, n, n <= 1 ? 1 : 2, 0.1, 0.07).map((s) => ({ ...s, h: s.h - 0.02 })),
    caption: { x: 0.06, y: 0.87, w: 0.88, h: 0.1 },
  },
  {
    id: 'magazine',
    printInches: { w: 4, h: 6 },
    photoStyle: 'plain',
    masthead: true,
    slots: (n) => {
      if (n <= 0) return [];
      if (n === 1) return [{ x: 0, y: 0, w: 1, h: 0.86 }];
      // The first photo is the cover; the others sit in a row of insets along the bottom.
      const cover: Slot = { x: 0, y: 0, w: 1, h: 0.68 };
      return [cover, ...grid({ x: 0.04, y: 0.7, w: 0.92, h: 0.17 }, n - 1, n - 1, 0.02, 0)];
    },
    caption: { x: 0.04, y: 0.885, w: 0.92, h: 0.1 },
  },
  {
    id: 'vintage',
    printInches: { w: 2, h: 6 },
    photoStyle: 'film',
    tint: 'rgba(170, 110, 40, 0.22)',
    // Between the sprocket holes on both sides.
    slots: (n) => column({ x: 0.17, y: 0.03, w: 0.66, h: 0.85 }, n, 0.02),
    caption: { x: 0.05, y: 0.895, w: 0.9, h: 0.09 },
  },
  {
    id: 'comic',
    printInches: { w: 4, h: 6 },
    photoStyle: 'comic',
    slots: (n) => {
      const area = { x: 0.05, y: 0.035, w: 0.9, h: 0.8 };
      if (n <= 2) return column(area, n, 0.025);
      // A wide opening panel, then two panels a row, the way a comic page reads.
      const top: Slot = { x: area.x, y: area.y, w: area.w, h: 0.3 };
      return [top, ...grid({ x: area.x, y: area.y + 0.325, w: area.w, h: area.h - 0.325 }, n - 1, 2, 0.03, 0.025)];
    },
    caption: { x: 0.05, y: 0.86, w: 0.9, h: 0.11 },
  },
  {
    id: 'collage',
    printInches: { w: 4, h: 6 },
    photoStyle: 'collage',
    overlap: true,
    slots: (n) => {
      // Tilted prints laid on a table: cells of a grid, each enlarged so neighbours overlap.
      const cols = n <= 1 ? 1 : 2;
      const cells = grid({ x: 0.1, y: 0.06, w: 0.8, h: 0.74 }, n, cols, 0, 0);
      return cells.map((c, i) => {
        const grow = 0.12;
        const w = Math.min(c.w * (1 + grow), 0.8);
        const h = Math.min(c.h * (1 + grow), 0.74);
        return { x: c.x + (c.w - w) / 2, y: c.y + (c.h - h) / 2, w, h, rotation: (i % 2 ? 1 : -1) * (0.05 + 0.02 * (i % 3)) };
      });
    },
    caption: { x: 0.06, y: 0.87, w: 0.88, h: 0.1 },
  },
];

export const DEFAULT_LAYOUT_ID = 'classic';

export function layoutById(id: string): LayoutDef {
  return LAYOUTS.find((l) => l.id === id) ?? (LAYOUTS[0] as LayoutDef);
}

/** The export sizes offered for download. */
export type ResolutionId = 'standard' | 'hd' | 'print';
export const RESOLUTIONS: ResolutionId[] = ['standard', 'hd', 'print'];

/** Print resolution, written into the JPG's JFIF header. */
export const PRINT_DPI = 300;

/**
 * Pixel size of a paper (inches) at a resolution: Standard has a 1800 px long side (600×1800 for the classic
 * 2×6 strip), HD doubles it, Print is the print size at 300 dpi.
 */
export function stripSize(of: { w: number; h: number } | LayoutDef, resolution: ResolutionId): { width: number; height: number } {
  const { w, h } = 'printInches' in of ? of.printInches : of;
  if (resolution === 'print') return { width: Math.round(w * PRINT_DPI), height: Math.round(h * PRINT_DPI) };
  const long = resolution === 'hd' ? 3600 : 1800;
  const scale = long / Math.max(w, h);
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}

/** The four corners of a slot in canvas pixels, rotation included. */
export function slotCorners(slot: Slot, width: number, height: number): [number, number][] {
  const cx = (slot.x + slot.w / 2) * width;
  const cy = (slot.y + slot.h / 2) * height;
  const hw = (slot.w * width) / 2;
  const hh = (slot.h * height) / 2;
  const r = slot.rotation ?? 0;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ].map(([dx = 0, dy = 0]) => [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos]);
}
