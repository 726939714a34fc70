/**
 * Printing the strip: the papers offered and how the print sheet is drawn. Sizes are in inches,
 * the unit of photo paper; the pixel sizes follow from the strip's print resolution.
 */
import { PRINT_DPI } from '../strip/layouts';

export { PRINT_DPI };

/** 'strip' = a 2×6 in photo strip; 'sheet' = a 4×6 in (10×15 cm) print holding two strips side by side. */
export type Paper = 'strip' | 'sheet';

export const PAPERS: readonly Paper[] = ['strip', 'sheet'];

export const PAPER_INCHES: Record<Paper, { w: number; h: number }> = {
  strip: { w: 2, h: 6 },
  sheet: { w: 4, h: 6 },
};

/**
 * The cut line between strips on a sheet: thin and light so a slightly off cut does not leave a
 * dark edge, dashed so it reads as a guide, not as part of the strip.
 */
export const CUT_LINE = {
  colour: '#9a9a9a',
  /** Width in inches (0.01 in = 3 px at 300 dpi). */
  widthIn: 0.01,
  /** Dash and gap in inches. */
  dashIn: 0.06,
  gapIn: 0.04,
};

/** Quality of the paper-size JPG drawn for the sheet (the strip itself comes from the composer). */
export const JPEG_QUALITY = 0.92;

/** The class of the print-only sheet; print.css shows only it when printing. */
export const SHEET_CLASS = 'print-sheet';

/** How long the strip must stay unchanged before the panel composes the print JPG ahead (Ctrl+P). */
export const READY_SETTLE_MS = 700;
