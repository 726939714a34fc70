import type { Page } from '@playwright/test';
import { LANGUAGES } from '../../../src/i18n/languages';
import { tr } from '../i18n';

/** What the visitor can see of the session on the current screen, read in one round trip. */
export interface Screen {
  path: string;
  /** 'booth' | 'preview' | 'other', from the path without its language prefix. */
  kind: 'booth' | 'preview' | 'other';
  /** The photos shown, in order (booth thumbnails or preview photos); null when the screen shows none of them. */
  ids: string[] | null;
  /** The preview's "no photos yet" card. */
  empty: boolean;
  capturing: boolean;
  /** A heading is on screen and no crash screen: the screen rendered. */
  rendered: boolean;
  crashed: boolean;
  /** A spinner is on screen (a screen or the strip still loading). */
  loading: boolean;
  cameraStatus: string | null;
  renderMode: string | null;
}

const PREFIXES: string[] = LANGUAGES.map((l) => l.code).filter((c) => c !== 'en');

/** The language of a URL: its first path segment when that is a language prefix, else English. */
export function langOfUrl(url: string): string {
  const first = new URL(url).pathname.split('/')[1] ?? '';
  return PREFIXES.includes(first) ? first : 'en';
}

export function readScreen(page: Page): Promise<Screen> {
  return page.evaluate((prefixes) => {
    const parts = location.pathname.split('/').filter(Boolean);
    if (parts[0] && prefixes.includes(parts[0])) parts.shift();
    const rest = `/${parts.join('/')}`;
    const kind = rest === '/photobooth' ? 'booth' : rest === '/preview' ? 'preview' : 'other';
    const idsOf = (sel: string) => [...document.querySelectorAll<HTMLElement>(sel)].map((e) => e.dataset.photoId ?? '?');
    const stage = document.querySelector<HTMLElement>('[data-testid=booth-stage]');
    const empty = !!document.querySelector('[data-testid=preview-empty]');
    let ids: string[] | null = null;
    if (kind === 'booth' && stage) ids = idsOf('[data-testid=captured-thumb]');
    if (kind === 'preview') ids = empty ? [] : document.querySelector('[data-testid=preview-photo]') ? idsOf('[data-testid=preview-photo]') : null;
    const h1 = document.querySelector('main h1');
    return {
      path: location.pathname,
      kind,
      ids,
      empty,
      capturing: stage?.dataset.capturing === 'true',
      rendered: !!h1 && (h1 as HTMLElement).getClientRects().length > 0,
      crashed: !!document.querySelector('.screen-error'),
      loading: [...document.querySelectorAll('.spinner')].some((e) => e.getClientRects().length > 0),
      cameraStatus: stage?.dataset.cameraStatus ?? null,
      renderMode: stage?.dataset.renderMode ?? null,
    } satisfies Record<string, unknown>;
  }, PREFIXES) as Promise<Screen>;
}

/** The photo ids IndexedDB holds, in the order the app reads them back (position, then time taken). */
export function storedIds(page: Page): Promise<string[] | null> {
  return page.evaluate(async () => {
    // Never create the database (open() would, empty): read it only if it exists.
    if (!(await indexedDB.databases()).some((d) => d.name === 'photobooth-session')) return [];
    const db = await new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open('photobooth-session');
      open.onerror = () => resolve(null);
      open.onsuccess = () => resolve(open.result);
    });
    if (!db) return null;
    try {
      if (!db.objectStoreNames.contains('photos')) return [];
      const rows = await new Promise<{ id: string; position?: number; takenAt?: number }[] | null>((resolve) => {
        const req = db.transaction('photos', 'readonly').objectStore('photos').getAll();
        req.onsuccess = () => resolve(req.result as { id: string }[]);
        req.onerror = () => resolve(null);
      });
      rows?.sort((a, b) => (a.position ?? -1) - (b.position ?? -1) || (a.takenAt ?? 0) - (b.takenAt ?? 0));
      return rows?.map((r) => r.id) ?? null;
    } finally {
      db.close();
    }
  });
}

/**
 * Labels of the controls random clicks must not press, in every language: they change the photos
 * (the walk presses them on purpose, as their own steps, and updates its model) or start a
 * download or a ZIP (their own step).
 */
export function walkExclusions(): string[] {
  const keys = ['preview.clear', 'storage.clear', 'storage.clearYes', 'booth.retakeAll', 'booth.start', 'strip.downloadJpg', 'strip.downloadAll', 'errors.rescue', 'share.download'];
  const labels: string[] = [];
  for (const { code } of LANGUAGES) for (const key of keys) labels.push(tr(code, key, { count: 0 }).replace(/\(0\)|0/, '').trim());
  return labels;
}

/** A control a random click may press: its label and the point a visitor would tap. */
export interface Clickable {
  label: string;
  x: number;
  y: number;
}

/**
 * The controls a random click may press: what a visitor can see and reach now (in the window, not
 * covered by something else at its centre), less the excluded controls. Scrolling is a step of
 * its own.
 */
export function clickables(page: Page, excluded: string[]): Promise<Clickable[]> {
  return page.evaluate((excluded) => {
    const all = [...document.querySelectorAll<HTMLElement>('button, a[href], input[type=checkbox], input[type=radio], summary')];
    const found: { label: string; x: number; y: number }[] = [];
    for (const el of all) {
      const rect = el.getBoundingClientRect();
      if (!rect.width || !rect.height || (el as HTMLButtonElement).disabled) continue;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el === hit || el.contains(hit) || hit.closest('label')?.control === el)) continue;
      const text = (el.textContent ?? '').trim();
      if (excluded.some((x) => x && text.startsWith(x))) continue;
      const testid = el.dataset.testid ?? '';
      if (['start-capture', 'clear-session', 'clear-session-yes'].includes(testid) || testid.startsWith('retake-')) continue;
      if (el instanceof HTMLAnchorElement) {
        const url = new URL(el.href);
        if (el.target === '_blank' || url.origin !== location.origin) continue;
      }
      found.push({ label: text.slice(0, 40) || el.getAttribute('aria-label') || '?', x, y });
    }
    return found;
  }, excluded);
}
