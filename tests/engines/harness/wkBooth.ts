/**
 * The booth in WebKitGTK with WebKit's mock camera (./webkit.ts, `camera: true`): opening it,
 * shooting, and reading what the visitor keeps, decoded in the page. WebDriver sends no key to
 * the page's document from outside an element, so keys are dispatched as the page's own events.
 */
import type { WebKitSession } from './webkit';

export async function openWebKitBooth(wk: WebKitSession, url: string): Promise<void> {
  await wk.navigate(url);
  await wk.waitFor(() => wk.execute(() => document.documentElement.classList.contains('app-ready') && Boolean(window.__pbTest)), 'the app', 60_000);
  await wk.watchErrors();
  await wk.waitFor(
    () =>
      wk.execute(() => {
        const stage = document.querySelector('[data-testid="booth-stage"][data-camera-status="live"][data-render-mode="webgl"]');
        const v = stage?.querySelector('video');
        return !!v && v.videoWidth > 0 && !!document.querySelector('[data-testid="start-capture"]:not([disabled])');
      }),
    'the booth live, ready to shoot',
    60_000,
  );
  await selectOption(wk, 'shot-count', '1');
}

/** Chooses `value` in the <select> with this test id, as a choice in its list does (a change event). */
export const selectOption = (wk: WebKitSession, testId: string, value: string) =>
  wk.execute(
    (id: string, v: string) => {
      const s = document.querySelector<HTMLSelectElement>(`[data-testid="${id}"]`)!;
      s.value = v;
      s.dispatchEvent(new Event('change', { bubbles: true }));
    },
    testId,
    value,
  );

/** The bytes behind a blob: URL of the page (a photo, a message). */
export async function blobBytes(wk: WebKitSession, url: string): Promise<Buffer> {
  const b64 = await wk.executeAsync<string>(async (u: string) => {
    const bytes = new Uint8Array(await (await fetch(u)).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }, url);
  return Buffer.from(b64, 'base64');
}

export interface PictureFigures {
  width: number;
  height: number;
  /** Brightest luma, share of near-white pixels, and mean HSV saturation (0..1). */
  maxLuma: number;
  white: number;
  saturation: number;
  /** Where the strongly coloured pixels sit, as a fraction of the height (the card's colour bars: below the middle, the right way up); -1 with none. */
  colourY: number;
}

/** Figures of a picture (an <img>'s blob: URL or a Blob URL), decoded in the page. */
export function pictureFigures(wk: WebKitSession, url: string): Promise<PictureFigures> {
  return wk.executeAsync(async (u: string) => {
    const bitmap = await createImageBitmap(await (await fetch(u)).blob());
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const d = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let max = 0;
    let white = 0;
    let sat = 0;
    let n = 0;
    let colourRows = 0;
    let coloured = 0;
    for (let i = 0; i < d.length; i += 16) {
      const y = 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
      max = Math.max(max, y);
      if (y > 200) white++;
      const hi = Math.max(d[i]!, d[i + 1]!, d[i + 2]!);
      const s = hi ? (hi - Math.min(d[i]!, d[i + 1]!, d[i + 2]!)) / hi : 0;
      sat += s;
      if (s > 0.6 && hi > 120) {
        colourRows += Math.floor((i >> 2) / bitmap.width) / bitmap.height;
        coloured++;
      }
      n++;
    }
    return { width: bitmap.width, height: bitmap.height, maxLuma: max, white: white / n, saturation: sat / n, colourY: coloured ? colourRows / coloured : -1 };
  }, url);
}

const newestThumb = (wk: WebKitSession) => wk.execute<string | null>(() => document.querySelector('[data-testid="captured-thumb"]')?.getAttribute('data-photo-id') ?? null);

/** Start Capture for one shot; resolves with the new photo's blob: URL once it is written, or with the notice shown instead. */
export async function shoot(wk: WebKitSession): Promise<{ url: string } | { notice: string }> {
  const before = await newestThumb(wk);
  await wk.waitFor(() => wk.execute(() => !!document.querySelector('[data-testid="booth-stage"][data-capturing="false"]') && !!document.querySelector('[data-testid="start-capture"]:not([disabled])')), 'the booth idle', 30_000);
  await wk.click('[data-testid="start-capture"]');
  return wk.waitFor(
    () =>
      wk.execute((b: string | null) => {
        const notice = document.querySelector('[data-testid="capture-black"], [data-testid="capture-failed"]');
        const idle = document.querySelector('[data-testid="booth-stage"][data-capturing="false"]');
        if (notice && idle) return { notice: notice.getAttribute('data-testid')! };
        const t = document.querySelector('[data-testid="captured-thumb"]');
        const img = t?.querySelector('img');
        if (!t || t.getAttribute('data-photo-id') === b || !img?.src.startsWith('blob:')) return null;
        return { url: img.src };
      }, before),
    'the new photo, or a notice',
    60_000,
  );
}
