/**
 * Printing the strip from the browser. The page itself never prints: a print-only sheet (hidden on
 * screen) holding the strip at its size in inches goes into <body>; print.css gives it its paper
 * (a named @page: size, no margins) and hides everything else while the sheet is there.
 */
import { setJfifDensity } from '../strip/jfif';
import type { Ctx2D } from '../strip/draw';
import { CUT_LINE, JPEG_QUALITY, PRINT_DPI, SHEET_CLASS, type Paper } from './meta';
import { placeOnPaper, stripInches, type Placement } from './place';
import './print.css';

/** A sheet built and decoded ahead, ready to be put in the page in one synchronous step. */
export interface PreparedSheet {
  element: HTMLElement;
  dispose(): void;
}

const inch = (n: number) => `${+n.toFixed(4)}in`;

/**
 * The sheet's DOM: one <img> per copy and a dashed cut line between copies. The paper size is not
 * set here: the site's CSP allows no <style> text, so print.css has a named @page per paper and
 * `data-paper` picks it.
 */
function buildSheet(url: string, placement: Placement, paper: Paper): HTMLElement {
  const sheet = document.createElement('div');
  sheet.className = SHEET_CLASS;
  sheet.dataset.paper = paper;
  sheet.setAttribute('aria-hidden', 'true');
  sheet.style.width = inch(placement.paper.w);
  sheet.style.height = inch(placement.paper.h);
  for (const c of placement.copies) {
    const img = document.createElement('img');
    img.src = url;
    img.alt = '';
    Object.assign(img.style, { left: inch(c.x), top: inch(c.y), width: inch(c.w), height: inch(c.h) });
    sheet.append(img);
  }
  for (const x of placement.cuts) {
    // Drawn over the seam, centred on it, so the strips keep their exact place and size.
    const cut = document.createElement('div');
    cut.className = 'print-cut';
    cut.style.left = inch(x - CUT_LINE.widthIn / 2);
    cut.style.borderLeft = `${inch(CUT_LINE.widthIn)} dashed ${CUT_LINE.colour}`;
    sheet.append(cut);
  }
  return sheet;
}

/** Builds the sheet for a strip JPG and waits until its images are decoded, so printing never shows a blank. */
export async function prepareSheet(strip: Blob, paper: Paper): Promise<PreparedSheet> {
  const url = URL.createObjectURL(strip);
  try {
    const probe = new Image();
    probe.src = url;
    await probe.decode();
    const placement = placeOnPaper(stripInches(probe.naturalWidth, probe.naturalHeight), paper);
    const element = buildSheet(url, placement, paper);
    await Promise.all([...element.querySelectorAll('img')].map((img) => img.decode()));
    return {
      element,
      dispose: () => {
        element.remove();
        URL.revokeObjectURL(url);
      },
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/** Whether a print sheet is in the page (put there by printStrip or for the browser's own Print command). */
export function sheetInPlace(): boolean {
  return document.querySelector(`body > .${SHEET_CLASS}`) !== null;
}

/**
 * Puts a sheet in the page, replacing any other, until the print is done: on afterprint `done` runs
 * (by default it only takes the sheet out, so a sheet kept ready can be put in again).
 */
export function attachSheet(element: HTMLElement, done: () => void = () => element.remove()): void {
  for (const old of document.querySelectorAll(`body > .${SHEET_CLASS}`)) if (old !== element) old.remove();
  document.body.append(element);
  window.addEventListener('afterprint', done, { once: true });
}

/**
 * Prints the strip JPG on the paper: builds the sheet, waits for its images, opens the browser's
 * print dialog. The sheet leaves the page when the print is done (afterprint).
 */
export async function printStrip(strip: Blob, paper: Paper): Promise<void> {
  const prepared = await prepareSheet(strip, paper);
  attachSheet(prepared.element, prepared.dispose);
  window.print();
}

/**
 * Safari (macOS and iOS) ignores @page size and prints on the paper set in its own dialog. WebKit
 * without Chrome, Android, CriOS (Chrome on iOS) or FxiOS (Firefox on iOS) in its user agent.
 */
export function pageSizeIgnored(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /^((?!chrome|android|crios|fxios).)*safari/i.test(userAgent);
}

/** A 2D canvas that encodes to JPEG: an OffscreenCanvas, or a page canvas where there is none (Safari before 16.4). */
function jpegCanvas(width: number, height: number): { ctx: Ctx2D; toJpeg: () => Promise<Blob> } {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas');
    return { ctx, toJpeg: () => canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY }) };
  }
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  const toJpeg = () =>
    new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', JPEG_QUALITY),
    );
  return { ctx, toJpeg };
}

/**
 * The JPG at the paper's size at 300 dpi, for printing elsewhere (Safari, a photo kiosk): the strip
 * JPG itself when it already is the paper (600×1800 for 2×6 in), otherwise the copies and cut lines
 * drawn on a white canvas of the paper's pixels (1200×1800 for the 4×6 in sheet).
 */
export async function paperJpeg(strip: Blob, paper: Paper): Promise<Blob> {
  const bitmap = await createImageBitmap(strip);
  try {
    const placement = placeOnPaper(stripInches(bitmap.width, bitmap.height), paper);
    const only = placement.copies.length === 1 ? placement.copies[0] : undefined;
    if (only && only.w === placement.paper.w && only.h === placement.paper.h) return strip;
    const px = (n: number) => Math.round(n * PRINT_DPI);
    const { ctx, toJpeg } = jpegCanvas(px(placement.paper.w), px(placement.paper.h));
    const { width, height } = ctx.canvas;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    for (const c of placement.copies) ctx.drawImage(bitmap, px(c.x), px(c.y), px(c.w), px(c.h));
    ctx.strokeStyle = CUT_LINE.colour;
    ctx.lineWidth = CUT_LINE.widthIn * PRINT_DPI;
    ctx.setLineDash([CUT_LINE.dashIn * PRINT_DPI, CUT_LINE.gapIn * PRINT_DPI]);
    for (const x of placement.cuts) {
      ctx.beginPath();
      ctx.moveTo(px(x), 0);
      ctx.lineTo(px(x), height);
      ctx.stroke();
    }
    const jpeg = await toJpeg();
    const bytes = setJfifDensity(new Uint8Array(await jpeg.arrayBuffer()), PRINT_DPI);
    return new Blob([bytes as BlobPart], { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
