import type { Page } from '@playwright/test';

/** The art styles' ids (src/features/styles/meta.ts; its shaders cannot be imported here). */
export const STYLE_IDS = ['oil-paint', 'pencil', 'ink', 'ink-colour', 'cartoon', 'comic', 'watercolour'] as const;
export type StyleId = (typeof STYLE_IDS)[number];

/** What a style did to a frame, measured on the unstyled frame (O) and the styled one (S), luma 0–255. */
export interface StyleFigures {
  /** Mean 5×5 variance of S over O's flat pixels (textured, the 40 % of lowest gradient), as a share of O's. */
  flatVariance: number;
  /** How many flat pixels (of a grid every 2 px) the figures over flat regions are taken on. */
  flatCount: number;
  /** Mean step across O's strongest edges (top 2 % of gradient), S's as a share of O's. */
  edgeStep: number;
  /** Share of S near paper-white (luma ≥ 215). */
  white: number;
  /** Mean darkest luma within 2 px of O's strongest edges, in S. */
  darkAtEdges: number;
  /** The same around O's flat pixels. */
  darkAtFlat: number;
  /** Share of S's own flat pixels (5×5 range ≤ 3) within 4 of one of the `levels` lumas asked for. */
  onLevels: number;
  /** Share of S that is ink or paper: luma under 40 or over 235. */
  inkOrPaper: number;
  /** S's autocorrelation (centre 256×256): the distance (px) of its strongest peak past the central lobe, and its height. */
  peakDistance: number;
  peakHeight: number;
  /** Mean S / O luma at O's strongest edges, and at its flat pixels. */
  edgeRatio: number;
  flatRatio: number;
}

/**
 * Draws the live frame (a bitmap of the paused video at `width`×`height`) through style `id`
 * with the test seam, keeps both in the page under `name` ('O' and 'S') and measures them.
 */
export function styleFigures(page: Page, id: string, opts: { width?: number; height?: number; levels?: number[]; setting?: number } = {}): Promise<StyleFigures> {
  return page.evaluate(
    async ({ id, width, height, levels, setting }) => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
      const bitmap = await createImageBitmap(video, { resizeWidth: width ?? video.videoWidth, resizeHeight: height ?? video.videoHeight, resizeQuality: 'high' });
      const styled = window.__pbTest!.styleFrame(bitmap, id, setting);
      const W = bitmap.width;
      const H = bitmap.height;
      const c = new OffscreenCanvas(W, H);
      const ctx = c.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const orig = ctx.getImageData(0, 0, W, H).data;
      const lumaOf = (d: ArrayLike<number>) => {
        const L = new Float32Array(W * H);
        for (let i = 0; i < W * H; i++) L[i] = 0.299 * d[i * 4]! + 0.587 * d[i * 4 + 1]! + 0.114 * d[i * 4 + 2]!;
        return L;
      };
      const O = lumaOf(orig);
      const S = lumaOf(styled.data);
      const at = (L: Float32Array, x: number, y: number) => L[Math.min(H - 1, Math.max(0, Math.round(y))) * W + Math.min(W - 1, Math.max(0, Math.round(x)))]!;
      const box = (L: Float32Array) => {
        const out = new Float32Array(W * H);
        for (let y = 0; y < H; y++)
          for (let x = 0; x < W; x++) {
            let s = 0;
            for (let j = -2; j <= 2; j++) for (let i = -2; i <= 2; i++) s += at(L, x + i, y + j);
            out[y * W + x] = s / 25;
          }
        return out;
      };
      const Ob = box(O);
      const Sb = box(S);
      // O's gradient (over 4 px of the 5×5-blurred frame), on a grid away from the border.
      const pts: { x: number; y: number; g: number; nx: number; ny: number }[] = [];
      for (let y = 8; y < H - 8; y += 2)
        for (let x = 8; x < W - 8; x += 2) {
          const gx = at(Ob, x + 2, y) - at(Ob, x - 2, y);
          const gy = at(Ob, x, y + 2) - at(Ob, x, y - 2);
          const g = Math.hypot(gx, gy);
          pts.push({ x, y, g, nx: g ? gx / g : 0, ny: g ? gy / g : 0 });
        }
      const variance = (L: Float32Array, x: number, y: number) => {
        let s = 0;
        let s2 = 0;
        for (let j = -2; j <= 2; j++)
          for (let i = -2; i <= 2; i++) {
            const v = at(L, x + i, y + j);
            s += v;
            s2 += v * v;
          }
        return s2 / 25 - (s / 25) ** 2;
      };
      const sorted = [...pts].sort((a, b) => a.g - b.g);
      // Flat: of the pixels with some texture to flatten (a 5×5 variance of at least 0.5: skin,
      // cloth, camera noise; not a perfectly even area such as this clip's backdrop), the 40 % of
      // lowest gradient.
      const textured = sorted.filter((p) => variance(O, p.x, p.y) >= 0.5);
      const flat = textured.slice(0, Math.floor(textured.length * 0.4));
      const strong = sorted.slice(Math.floor(sorted.length * 0.98));
      const darkest = (L: Float32Array, x: number, y: number) => {
        let m = 255;
        for (let j = -2; j <= 2; j++) for (let i = -2; i <= 2; i++) m = Math.min(m, at(L, x + i, y + j));
        return m;
      };
      const mean = <T,>(a: T[], f: (t: T) => number) => a.reduce((s, t) => s + f(t), 0) / Math.max(1, a.length);
      const flatVariance = mean(flat, (p) => variance(S, p.x, p.y)) / Math.max(1e-6, mean(flat, (p) => variance(O, p.x, p.y)));
      const step = (L: Float32Array, p: (typeof pts)[number]) => Math.abs(at(L, p.x + 4 * p.nx, p.y + 4 * p.ny) - at(L, p.x - 4 * p.nx, p.y - 4 * p.ny));
      const edgeStep = mean(strong, (p) => step(Sb, p)) / Math.max(1e-6, mean(strong, (p) => step(Ob, p)));
      let white = 0;
      let inkOrPaper = 0;
      for (let i = 0; i < W * H; i++) {
        if (S[i]! >= 215) white++;
        if (S[i]! < 40 || S[i]! > 235) inkOrPaper++;
      }
      let flatS = 0;
      let onLevel = 0;
      for (let y = 8; y < H - 8; y += 3)
        for (let x = 8; x < W - 8; x += 3) {
          let lo = 255;
          let hi = 0;
          for (let j = -2; j <= 2; j++)
            for (let i = -2; i <= 2; i++) {
              const v = at(S, x + i, y + j);
              lo = Math.min(lo, v);
              hi = Math.max(hi, v);
            }
          if (hi - lo > 3) continue;
          flatS++;
          const v = at(S, x, y);
          if ((levels ?? []).some((level) => Math.abs(v - level) <= 4)) onLevel++;
        }
      // Autocorrelation of the centre 256×256, lags up to 16 px.
      const cx = (W >> 1) - 128;
      const cy = (H >> 1) - 128;
      const patch = new Float32Array(256 * 256);
      let m = 0;
      for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) m += patch[y * 256 + x] = S[(cy + y) * W + cx + x]!;
      m /= 256 * 256;
      for (let i = 0; i < patch.length; i++) patch[i]! -= m;
      const R = (dx: number, dy: number) => {
        let s = 0;
        for (let y = 16; y < 240; y++) for (let x = 16; x < 240; x++) s += patch[y * 256 + x]! * patch[(y + dy) * 256 + x + dx]!;
        return s;
      };
      const r0 = R(0, 0) || 1;
      // Past the central lobe (a dot's correlation with itself, wide when the dots are big): the
      // ring mean of R falls to its first minimum there; the strongest peak is looked for beyond.
      const lags: { d: number; r: number }[] = [];
      for (let dy = 0; dy <= 16; dy++)
        for (let dx = -16; dx <= 16; dx++) {
          const d = Math.hypot(dx, dy);
          if (d >= 1 && d <= 16) lags.push({ d, r: R(dx, dy) / r0 });
        }
      const ring = Array.from({ length: 17 }, (_, k) => mean(lags.filter((l) => Math.round(l.d) === k), (l) => l.r));
      let lobe = 1;
      while (lobe < 15 && !(ring[lobe]! < ring[lobe + 1]!)) lobe++;
      let peakDistance = 0;
      let peakHeight = -1;
      for (const { d, r } of lags) if (d > lobe && r > peakHeight) [peakHeight, peakDistance] = [r, d];
      const ratio = (set: typeof pts) => mean(set, (p) => at(Sb, p.x, p.y)) / Math.max(1e-6, mean(set, (p) => at(Ob, p.x, p.y)));
      return {
        flatVariance,
        flatCount: flat.length,
        edgeStep,
        white: white / (W * H),
        darkAtEdges: mean(strong, (p) => darkest(S, p.x, p.y)),
        darkAtFlat: mean(flat, (p) => darkest(S, p.x, p.y)),
        onLevels: flatS ? onLevel / flatS : 0,
        inkOrPaper: inkOrPaper / (W * H),
        peakDistance,
        peakHeight,
        edgeRatio: ratio(strong),
        flatRatio: ratio(flat),
      };
    },
    { id, ...opts },
  );
}

/** Picks art style `id` in the booth's style strip and waits for it to be checked. */
export async function pickStyle(page: Page, id: string): Promise<void> {
  await page.getByTestId(`style-${id}`).click();
  await page.waitForFunction((id) => document.querySelector(`[data-testid="style-${id}"]`)?.getAttribute('aria-checked') === 'true', id);
}
