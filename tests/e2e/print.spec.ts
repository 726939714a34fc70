import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { CUT_LINE, PAPER_INCHES, PRINT_DPI, type Paper } from '../../src/features/print/meta';
import { readJfifDensity } from '../../src/features/strip/jfif';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { openStrip } from './drivers/strip';
import { decodeJpeg, expectOverlayStrip, keepOverlayDesign, THREE_WINDOWS } from './helpers/designs';
import { tr } from './i18n';

test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });

/** PDF user space: 72 points an inch. */
const PT = 72;
/** The classic layout's strip at 300 dpi (the default layout, a 2×6 in strip). */
const STRIP_PX = { width: 2 * PRINT_DPI, height: 6 * PRINT_DPI };

interface Printed {
  pages: { mediaBox: number[] }[];
  /** Every image drawn: its pixels and where it lands on the page, in points. */
  images: { width: number; height: number; x: number; y: number; w: number; h: number; jpeg: Buffer }[];
  /** Points of the paths filled in the cut line's colour, in points. */
  cutPoints: [number, number][];
  /** Form XObjects drawn (grouped drawings, such as the site's text). */
  forms: number;
  hasFont: boolean;
  hasText: boolean;
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** The PDF's objects: number → dictionary text and raw stream bytes (Skia writes plain objects, with direct lengths). */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream?: Buffer }> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  const header = /(\d+) 0 obj\b/g;
  let found: RegExpExecArray | null;
  while ((found = header.exec(text))) {
    const from = found.index + found[0].length;
    const end = text.indexOf('endobj', from);
    const streamAt = text.indexOf('stream', from);
    if (streamAt < 0 || streamAt > end) {
      objects.set(Number(found[1]), { dict: text.slice(from, end) });
      continue;
    }
    const dict = text.slice(from, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const start = streamAt + 'stream'.length + (text[streamAt + 6] === '\r' ? 2 : 1);
    objects.set(Number(found[1]), { dict, stream: pdf.subarray(start, start + length) });
    header.lastIndex = text.indexOf('endobj', start + length);
  }
  return objects;
}

/**
 * Reads what a PDF prints: its pages, the images drawn with their place (a small content-stream
 * interpreter: q/Q/cm for the transform, Do for images, rg/m/l/re for the cut line's paths) and
 * whether any text is there (a /Font resource or a BT operator).
 */
function readPdf(pdf: Buffer): Printed {
  const objects = pdfObjects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const cutRgb = [1, 3, 5].map((i) => parseInt(CUT_LINE.colour.slice(i, i + 2), 16) / 255);
  const out: Printed = { pages: [], images: [], cutPoints: [], forms: 0, hasFont: /\/Font\b/.test(pdf.toString('latin1')), hasText: false };
  for (const page of objects.values()) {
    if (!/\/Type \/Page\b(?!s)/.test(page.dict)) continue;
    out.pages.push({ mediaBox: /\/MediaBox \[([^\]]+)\]/.exec(page.dict)![1]!.trim().split(/\s+/).map(Number) });
    const xobjects = new Map([...(/\/XObject <<([^>]*)>>/.exec(page.dict)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map((m) => [m[1]!, Number(m[2])]));
    const content = inflateSync(objects.get(ref(page.dict, 'Contents'))!.stream!).toString('latin1');
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const saved: Matrix[] = [];
    let fill = [0, 0, 0];
    let operands: string[] = [];
    const nums = (n: number) => operands.slice(-n).map(Number);
    for (const token of content.match(/\/[^\s/[\]<>()]+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+|[[\]]/g) ?? []) {
      if (/^[-+.\d/[\]]/.test(token)) {
        operands.push(token);
        continue;
      }
      if (token === 'q') saved.push(ctm);
      else if (token === 'Q') ctm = saved.pop()!;
      else if (token === 'cm') ctm = times(nums(6) as Matrix, ctm);
      else if (token === 'rg') fill = nums(3);
      else if (token === 'BT') out.hasText = true;
      else if ((token === 'm' || token === 'l') && fill.every((v, i) => Math.abs(v - cutRgb[i]!) < 0.01)) {
        out.cutPoints.push(apply(ctm, ...(nums(2) as [number, number])));
      } else if (token === 'Do') {
        const image = objects.get(xobjects.get(operands.at(-1)!.slice(1))!)!;
        if (!/\/Subtype \/Image/.test(image.dict)) {
          out.forms++; // a group of drawings (the site's layers); the print sheet has none
          operands = [];
          continue;
        }
        const [x0, y0] = apply(ctm, 0, 0);
        const [x1, y1] = apply(ctm, 1, 1);
        out.images.push({
          width: Number(/\/Width (\d+)/.exec(image.dict)![1]),
          height: Number(/\/Height (\d+)/.exec(image.dict)![1]),
          x: Math.min(x0, x1),
          y: Math.min(y0, y1),
          w: Math.abs(x1 - x0),
          h: Math.abs(y1 - y0),
          jpeg: image.stream!,
        });
      }
      operands = [];
    }
  }
  return out;
}

/** Chromium's PDF of the page as printed: print media, the CSS page size, backgrounds (exact colours). */
async function printPdf(page: Page): Promise<Printed> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return readPdf(pdf);
}

/** One page of the paper's size, the strip at 2×6 in (600 px over 2 in: 300 dpi) once or twice side by side, no text. */
function expectPrintedOn(printed: Printed, paper: Paper) {
  const size = PAPER_INCHES[paper];
  expect(printed.pages).toEqual([{ mediaBox: [0, 0, size.w * PT, size.h * PT] }]);
  const copies = paper === 'sheet' ? 2 : 1;
  expect(printed.images).toHaveLength(copies);
  printed.images.forEach((img, i) => {
    expect([img.width, img.height]).toEqual([STRIP_PX.width, STRIP_PX.height]);
    expect(img.w).toBeCloseTo(2 * PT, 1);
    expect(img.h).toBeCloseTo(6 * PT, 1);
    expect(img.x).toBeCloseTo(i * 2 * PT, 1);
    expect(img.y).toBeCloseTo(0, 1);
    // The strip JPG itself is in the PDF, untouched: it still says 300 dpi.
    expect(readJfifDensity(new Uint8Array(img.jpeg))).toEqual({ units: 1, x: PRINT_DPI, y: PRINT_DPI });
  });
  if (copies === 2) {
    // The dashed cut line runs the sheet's height on the seam between the strips (2 in).
    const xs = printed.cutPoints.map(([x]) => x);
    const ys = printed.cutPoints.map(([, y]) => y);
    expect(Math.min(...xs)).toBeGreaterThan(2 * PT - 1.5);
    expect(Math.max(...xs)).toBeLessThan(2 * PT + 1.5);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(6 * PT - 10);
  } else {
    expect(printed.cutPoints).toEqual([]);
  }
  // Nothing of the site: no font in the file, no text drawn, nothing drawn but the strips (and the cut line).
  expect(printed.forms).toBe(0);
  expect(printed.hasFont).toBe(false);
  expect(printed.hasText).toBe(false);
}

/**
 * Headless Chromium has no print dialog: window.print() is replaced by a counter, a simulation of
 * the dialog. Everything the print itself uses (the sheet, print.css, the named @page) is real, and
 * page.pdf lays the page out for print the way the dialog does.
 */
async function toStripPage(page: Page) {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => void w.__printed++;
  });
  await openStrip(page, { shots: 3 });
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { __printed: number }).__printed);
const sheetPaper = (page: Page) => page.evaluate(() => document.querySelector('body > .print-sheet')?.getAttribute('data-paper') ?? null);
/** The dialog closing: the browser fires afterprint, and the sheet leaves the page. */
const closeDialog = async (page: Page) => {
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect.poll(() => sheetPaper(page)).toBeNull();
};

test('Print puts the 2×6 in strip, or two strips on a 4×6 in sheet, on paper at 300 dpi with nothing of the site', async ({ page }) => {
  await toStripPage(page);
  // Control: printed without a sheet, the page is the site itself, text and all.
  const site = await printPdf(page);
  expect(site.hasFont || site.hasText).toBe(true);

  await expect(page.getByTestId('print-paper-strip')).toBeChecked();
  await page.getByTestId('print-button').click();
  await expect.poll(() => printed(page)).toBe(1);
  expect(await sheetPaper(page)).toBe('strip');
  expectPrintedOn(await printPdf(page), 'strip');
  await closeDialog(page);

  // From the keyboard: Tab to the paper, the arrow key picks the sheet, Enter on Print.
  await page.getByTestId('print-paper-strip').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('print-paper-sheet')).toBeChecked();
  await page.getByTestId('print-button').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => printed(page)).toBe(2);
  expect(await sheetPaper(page)).toBe('sheet');
  expectPrintedOn(await printPdf(page), 'sheet');
  await closeDialog(page);
  await expect(page.getByTestId('print-size-ignored')).toHaveCount(0); // Chromium honours the page size
});

test("the browser's own Print command (Ctrl+P) prints the strip, not the page", async ({ page }) => {
  await toStripPage(page);
  await page.getByTestId('print-paper-sheet').check();
  await expect(page.getByTestId('print-panel')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  // Ctrl+P opens the dialog without a page event; what the page sees is beforeprint, then the print.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  expect(await sheetPaper(page)).toBe('sheet');
  expectPrintedOn(await printPdf(page), 'sheet');
  expect(await printed(page)).toBe(0);
  await closeDialog(page);
  // The sheet stays ready for the next time.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  expect(await sheetPaper(page)).toBe('sheet');
});

test('Download for printing saves the JPG at the paper size: 600×1800 or 1200×1800 px at 300 dpi', async ({ page }) => {
  await toStripPage(page);
  for (const paper of ['strip', 'sheet'] as const) {
    await page.getByTestId(`print-paper-${paper}`).check();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-download').click()]);
    const size = PAPER_INCHES[paper];
    expect(file.suggestedFilename()).toMatch(new RegExp(`^photobooth-.*-print-${size.w}x${size.h}in\\.jpg$`));
    const bytes = readFileSync(await file.path());
    expect(readJfifDensity(new Uint8Array(bytes))).toEqual({ units: 1, x: PRINT_DPI, y: PRINT_DPI });
    const img = jpeg.decode(bytes, { maxMemoryUsageInMB: 1024 });
    expect([img.width, img.height]).toEqual([size.w * PRINT_DPI, size.h * PRINT_DPI]);
    if (paper === 'sheet') {
      // Two copies of the same strip: the halves match away from the cut line.
      let diff = 0;
      let n = 0;
      for (let y = 0; y < img.height; y += 7) {
        for (let x = 0; x < STRIP_PX.width - 20; x += 7) {
          const a = (y * img.width + x) * 4;
          const b = a + STRIP_PX.width * 4;
          for (let c = 0; c < 3; c++) diff += Math.abs(img.data[a + c]! - img.data[b + c]!);
          n += 3;
        }
      }
      expect(diff / n).toBeLessThan(4);
    }
  }
});

test.describe('in Safari, which ignores the CSS page size', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15' });

  test('the panel says so and offers the JPG at the paper size first', async ({ page }) => {
    await toStripPage(page);
    await expect(page.getByTestId('print-size-ignored')).toHaveText(tr('en', 'print.ignoresSize'));
    await expect(page.getByTestId('print-download')).toHaveClass(/btn-primary/);
    await expect(page.getByTestId('print-button')).toHaveClass(/btn-secondary/);
  });
});

test("a design of one's own prints as the strip shows it: the host's overlay around the three photos", async ({ page }) => {
  await toStripPage(page);
  await keepOverlayDesign(page, 'Our wedding');
  await page.reload();
  await page.getByLabel('Our wedding', { exact: true }).check();
  await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', /^my-/);
  await expect(page.getByTestId('print-panel')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.getByTestId('print-button').click();
  await expect.poll(() => printed(page)).toBe(1);
  const sheet = await printPdf(page);
  expect(sheet.images).toHaveLength(1);
  expect([sheet.images[0]!.width, sheet.images[0]!.height]).toEqual([STRIP_PX.width, STRIP_PX.height]);
  expectOverlayStrip(decodeJpeg(sheet.images[0]!.jpeg), THREE_WINDOWS);
  await closeDialog(page);
});
