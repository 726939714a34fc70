import { expect, type Page } from '@playwright/test';
import { decodeJpeg, type Pixels } from '../helpers/designs';

/**
 * The strip designer's driver: opens /designer and waits for the app, reads the layers and where
 * the selected one is, saves a design by name, and renders a kept design's strip JPG through the
 * test seam (the app's composer, on made-up photos that are the same in every profile).
 */
export async function openDesigner(page: Page, path = '/designer'): Promise<void> {
  await page.goto(path);
  await designerReady(page);
}

/**
 * From the booth to the designer by the booth's own link ("Design your own strip"), as a visitor
 * goes: the photos just taken are in the session, where a full reload could come before the last
 * one's write to IndexedDB.
 */
export async function openDesignerFromBooth(page: Page): Promise<void> {
  await page.getByTestId('booth-designer-link').click();
  await expect(page).toHaveURL(/\/designer$/);
  await designerReady(page);
}

/** The designer is up: its stage shown, its controls live, the strip drawn once. */
async function designerReady(page: Page): Promise<void> {
  await expect(page.getByTestId('designer-stage')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('designer-save')).toBeEnabled();
  await expect.poll(() => page.getByTestId('designer-canvas').getAttribute('data-renders').then(Number)).toBeGreaterThan(0);
}

export interface LayerItem {
  id: string;
  kind: string;
}

export function layers(page: Page): Promise<LayerItem[]> {
  return page
    .getByTestId('designer-layer')
    .evaluateAll((els) => els.map((el) => ({ id: el.getAttribute('data-layer-id') ?? '', kind: el.getAttribute('data-kind') ?? '' })));
}

/** The selected layer's box (fractions of the paper), as the stage publishes it. */
export async function selectedBox(page: Page): Promise<{ id: string; x: number; y: number; w: number; h: number }> {
  const stage = page.getByTestId('designer-stage');
  const [id, x, y, w, h] = await Promise.all(['data-selected-id', 'data-x', 'data-y', 'data-w', 'data-h'].map((a) => stage.getAttribute(a)));
  return { id: id ?? '', x: Number(x), y: Number(y), w: Number(w), h: Number(h) };
}

export async function selectLayer(page: Page, id: string): Promise<void> {
  await page.locator(`[data-testid="designer-layer"][data-layer-id="${id}"]`).click();
  await expect(page.getByTestId('designer-stage')).toHaveAttribute('data-selected-id', id);
}

export async function saveDesign(page: Page, name: string): Promise<void> {
  await page.getByTestId('designer-name').fill(name);
  await page.getByTestId('designer-save').click();
  await expect(page.getByTestId('designer-message')).not.toBeEmpty();
}

/** A kept design's strip JPG (600×1800 for a 2×6 strip) on the seam's made-up photos, decoded. */
export async function keptStrip(page: Page, name: string): Promise<Pixels> {
  const b64 = await page.evaluate((n) => window.__pbTest!.keptDesignJpeg(n), name);
  return decodeJpeg(Buffer.from(b64, 'base64'));
}
