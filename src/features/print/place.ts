import { PAPER_INCHES, PRINT_DPI, type Paper } from './meta';

/** A rectangle on the paper, in inches from its top left corner. */
export interface PlacedRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Placement {
  paper: { w: number; h: number };
  /** Where each copy of the strip goes. */
  copies: PlacedRect[];
  /** The x of each cut line between copies, in inches. */
  cuts: number[];
}

/** A strip JPG's print size in inches: its pixels at the print resolution (600×1800 px = 2×6 in). */
export function stripInches(width: number, height: number): { w: number; h: number } {
  return { w: width / PRINT_DPI, h: height / PRINT_DPI };
}

/**
 * Where the strip goes on the paper. As many copies as fit side by side at full size (one 2×6 strip
 * on the strip paper, two on the 4×6 sheet, with a cut line between them), centred. A strip bigger
 * than the paper (the 4×6 layouts on the 2×6 paper) is scaled down to fit whole rather than cropped:
 * a smaller print of the whole design beats a cut-off one. Pure, so screen-free tests can check it.
 */
export function placeOnPaper(strip: { w: number; h: number }, paper: Paper): Placement {
  const size = PAPER_INCHES[paper];
  const scale = Math.min(1, size.w / strip.w, size.h / strip.h);
  const w = strip.w * scale;
  const h = strip.h * scale;
  // The epsilon keeps 2 × 2 in on 4 in at two copies despite floating point.
  const count = Math.max(1, Math.floor(size.w / w + 1e-6));
  const x0 = (size.w - count * w) / 2;
  const y = (size.h - h) / 2;
  const copies = Array.from({ length: count }, (_, i) => ({ x: x0 + i * w, y, w, h }));
  const cuts = copies.slice(1).map((c) => c.x);
  return { paper: size, copies, cuts };
}
