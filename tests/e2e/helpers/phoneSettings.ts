import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The phone booth's camera-first rule (issue 65): whatever setting a guest changes, the live
 * picture stays on screen while it changes. Each setting is reached as a person reaches it (the
 * page scrolled until the control shows, sideways too in a strip of choices), then changed by a
 * tap; the picture's share on screen is read once the control is in reach and again once the
 * change has taken, and the lower of the two is the setting's figure.
 */

/** The phones of the issue, in portrait. */
export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
] as const;

/** The least share of the live picture that must stay on screen while a setting changes. */
export const MIN_PICTURE_SHARE = 0.8;

/**
 * Share (0–1) of the live picture on screen: its box (the preview canvas, or the stage's screen
 * while the canvas is hidden: the plain preview, a camera fault) inside the viewport (`box`), and
 * the share of a 7×7 grid of points over that box that is inside the viewport and not covered by
 * anything else (`seen`: a drawer, the page scrolled under a pinned bar).
 */
export function pictureOnScreen(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="booth-canvas"]');
    const screen = document.querySelector<HTMLElement>('.booth-screen');
    const el = canvas && canvas.getBoundingClientRect().height > 0 ? canvas : screen;
    if (!el) return { found: false, box: 0, seen: 0, top: 0, height: 0 };
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    const stage = el.closest('.booth-screen') ?? el;
    let seen = 0;
    const N = 7;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        const x = r.left + ((i + 0.5) / N) * r.width;
        const y = r.top + ((j + 0.5) / N) * r.height;
        const at = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
        // The picture, or what the stage draws over it (the frame guide, the countdown).
        if (at && stage.contains(at)) seen++;
      }
    }
    const area = r.width * r.height;
    return { found: true, box: area > 0 ? (w * h) / area : 0, seen: seen / (N * N), top: Math.round(r.top), height: Math.round(r.height) };
  });
}

/**
 * The random walk's rule (walk.spec.ts): on the booth in portrait, at most 960 px wide (a phone or a
 * tablet: the picture pinned at the top), the live picture's box is on screen after a setting
 * changes. Elsewhere, or while a page is being replaced, there is nothing to check (false).
 */
export async function expectPictureOnScreen(page: Page, after: string): Promise<boolean> {
  const v = page.viewportSize();
  if (!v || v.width > 960 || v.height < v.width) return false;
  const figure = await pictureOnScreen(page).catch(() => null);
  if (!figure?.found) return false;
  expect(figure.box, `the live picture on screen after ${after} at ${v.width}×${v.height} (its top at ${figure.top} px)`).toBeGreaterThanOrEqual(MIN_PICTURE_SHARE);
  return true;
}

/**
 * Brings a control into reach as a person would (the page, and a strip of choices sideways,
 * scrolled until it shows), and says whether it is then wholly on screen with nothing over it.
 */
export async function reach(control: Locator): Promise<{ reachable: boolean; why: string }> {
  return control.evaluate((el) => {
    // A checkbox is hit through its label (a phone's 44 px target).
    const target = el.closest('label') ?? el;
    target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    const r = target.getBoundingClientRect();
    const inside = r.width > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    const points = [
      [0.5, 0.5],
      [0.15, 0.2],
      [0.85, 0.8],
    ].map(([fx, fy]) => document.elementFromPoint(r.left + r.width * fx!, r.top + r.height * fy!));
    const covered = points.find((p) => !target.contains(p));
    const why = !inside ? `box ${Math.round(r.top)}–${Math.round(r.bottom)} of ${innerHeight}` : covered ? `under ${covered?.className || covered?.tagName}` : '';
    return { reachable: inside && !covered, why };
  });
}

/** One setting: the control a guest reaches, how it is changed, and how the change shows. */
interface Setting {
  name: string;
  control: (page: Page) => Locator;
  change: (control: Locator, page: Page) => Promise<void>;
  /** Before it is reached (a drawer opened), and after it is measured (the drawer closed, a recording cancelled). */
  before?: (page: Page) => Promise<void>;
  after?: (page: Page) => Promise<void>;
}

/** Chooses another option of a select than the one chosen. */
async function otherOption(select: Locator) {
  const values = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const now = await select.inputValue();
  const next = values.find((v) => v !== now)!;
  await select.selectOption(next);
  await expect(select).toHaveValue(next);
}

const tapChoice = async (choice: Locator) => {
  await choice.tap();
  await expect(choice).toHaveAttribute('aria-checked', 'true');
};
const toggle = async (box: Locator) => {
  const was = await box.isChecked();
  await box.tap();
  await expect(box).toBeChecked({ checked: !was });
};
const slide = async (range: Locator) => {
  const [min, max, now] = await range.evaluate((el) => [(el as HTMLInputElement).min, (el as HTMLInputElement).max, (el as HTMLInputElement).value].map(Number));
  const next = String(Math.round(now! === max! ? (min! + max!) / 2 : max!));
  await range.fill(next);
  await expect(range).toHaveValue(next);
};
const openBeauty = async (page: Page) => {
  const toggler = page.getByTestId('beauty-drawer-toggle');
  if ((await toggler.getAttribute('aria-expanded')) !== 'true') await toggler.tap();
  await expect(page.getByTestId('beauty-enable')).toBeVisible();
};
const closeBeauty = async (page: Page) => {
  await page.locator('.beauty-close').tap();
  await expect(page.getByTestId('beauty-drawer-toggle')).toHaveAttribute('aria-expanded', 'false');
};

/** Every setting of the booth a guest changes (issue 65's list, and the rest of the photo and strip settings). */
export const SETTINGS: Setting[] = [
  { name: 'shots', control: (p) => p.getByTestId('shot-count'), change: otherOption },
  { name: 'countdown', control: (p) => p.getByTestId('countdown'), change: otherOption },
  { name: 'sound', control: (p) => p.locator('.booth-settings .booth-check input').first(), change: toggle },
  { name: 'mirrored photos', control: (p) => p.locator('.booth-settings .booth-check input').nth(1), change: toggle },
  { name: 'motion', control: (p) => p.getByTestId('motion-on'), change: toggle },
  { name: 'filter', control: (p) => p.getByTestId('filter-sepia'), change: tapChoice },
  { name: 'style', control: (p) => p.getByTestId('style-pencil'), change: tapChoice },
  { name: 'style strength', control: (p) => p.getByTestId('style-setting'), change: slide },
  { name: 'prop', control: (p) => p.getByTestId('prop-crown'), change: tapChoice },
  { name: 'background', control: (p) => p.getByTestId('background-blur'), change: tapChoice },
  { name: 'background level', control: (p) => p.getByTestId('background-blur-level'), change: slide },
  // Back to none: the person model's work slows the rest of the test on two cores.
  { name: 'no background', control: (p) => p.getByTestId('background-none'), change: tapChoice },
  { name: 'strip layout', control: (p) => p.getByTestId('booth-layout'), change: otherOption },
  { name: 'strip frame', control: (p) => p.getByTestId('booth-frame'), change: otherOption },
  { name: 'beauty', before: openBeauty, control: (p) => p.getByTestId('beauty-enable'), change: toggle },
  { name: 'beauty level', control: (p) => p.locator('input[data-level="smooth"]'), change: slide },
  { name: 'beauty preset', control: (p) => p.locator('.beauty-presets button').first(), change: (b) => b.tap(), after: closeBeauty },
  {
    name: 'message',
    control: (p) => p.getByTestId('message-record'),
    // Recording: the guest sees themselves while the message is made.
    change: async (record, page) => {
      await expect(record).toBeEnabled();
      await record.tap();
      await expect(page.getByTestId('message-live')).toBeVisible();
    },
    after: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('message-live')).toHaveCount(0);
    },
  },
];

export interface SettingFigure {
  name: string;
  reachable: boolean;
  why: string;
  /** The lower share of the two readings: the box in the viewport, and the points not covered. */
  box: number;
  seen: number;
}

/** Changes every setting in turn, each reached first; the figures of each, in order. */
export async function changeEverySetting(page: Page): Promise<SettingFigure[]> {
  const figures: SettingFigure[] = [];
  for (const s of SETTINGS) {
    await s.before?.(page);
    const control = s.control(page);
    await expect(control, `${s.name}: the control is there`).toBeAttached();
    const { reachable, why } = await reach(control);
    const reached = await pictureOnScreen(page);
    if (reachable) await s.change(control, page);
    const changed = await pictureOnScreen(page);
    figures.push({ name: s.name, reachable, why, box: Math.min(reached.box, changed.box), seen: Math.min(reached.seen, changed.seen) });
    await s.after?.(page);
  }
  return figures;
}
