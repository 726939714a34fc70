/**
 * The strip designer: a host lays out their own strip (photo slots, text, a logo, an overlay with
 * windows) on a paper of their choice, and keeps it on the device as a template every layout picker
 * offers. The editing itself is plain TypeScript (`editor.ts`); React only draws and listens.
 */
import type { Paper } from '../strip/template/model';

/** An arrow key moves the selected layer by this fraction of the paper; with Shift, the larger step. */
export const NUDGE = 0.01;
export const NUDGE_LARGE = 0.1;
/** A box snaps to the paper's edges and centre lines within this fraction of the paper. */
export const SNAP_DISTANCE = 0.015;
/** A rotation snaps to a right angle within this many degrees; Shift turns in these steps. */
export const ROTATE_SNAP_DEG = 4;
export const ROTATE_STEP_DEG = 15;
/** `[` and `]` turn by this much (Shift: ROTATE_STEP_DEG); `+` and `-` scale by this factor. */
export const KEY_ROTATE_DEG = 5;
export const KEY_SCALE = 1.05;
/** The smallest box, as a fraction of the paper's side. */
export const MIN_BOX = 0.02;
/** A picture (a logo) is scaled down to this long side before it is kept. */
export const PICTURE_MAX_SIDE = 2400;
/** A template holds this many layers at most (as `parseTemplate` checks). */
export const MAX_LAYERS = 64;
/** Photo slots can show shots 1 to 8. */
export const MAX_SHOTS = 8;

export interface PaperPreset {
  id: string;
  paper: Paper;
}

/** The papers offered; 'custom' takes any size from 1 to 12 inches a side (12 in at 300 dpi is the largest print canvas a phone can hold: 3600 px). */
export const PAPER_PRESETS: PaperPreset[] = [
  { id: 'strip', paper: { w: 2, h: 6 } },
  { id: 'portrait', paper: { w: 4, h: 6 } },
  { id: 'landscape', paper: { w: 6, h: 4 } },
  { id: 'square', paper: { w: 4, h: 4 } },
];
export const CUSTOM_PAPER = 'custom';
export const PAPER_MIN_IN = 1;
export const PAPER_MAX_IN = 12;

/** The preset a paper is, or 'custom'. */
export function paperPresetId(paper: Paper): string {
  return PAPER_PRESETS.find((p) => p.paper.w === paper.w && p.paper.h === paper.h)?.id ?? CUSTOM_PAPER;
}

/** A new design starts from this built-in layout with this many photos. */
export const START_LAYOUT = 'classic';
export const START_SHOTS = 3;
export const START_BACKGROUND = '#ffffff';
/** A new text layer's words. */
export const DEFAULT_TEXT = '{date}';
export const DEFAULT_FONT = 'montserrat';
