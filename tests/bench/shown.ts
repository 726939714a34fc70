import type { Page } from '@playwright/test';
import type { PreviewStats } from '../../src/features/booth/renderer/previewRenderer';

/**
 * Frames reaching the screen, measured from outside the renderer (the benches' one way to count):
 *  - camera frames: the booth <video> element's presented frames over the window, from its own
 *    requestVideoFrameCallback (the presentedFrames count, so frames the main thread was too busy
 *    to be called back for still count);
 *  - shown: display refreshes (requestAnimationFrame) with at least one preview draw (the
 *    renderer's onDrawn) since the previous refresh — several draws within one refresh count
 *    once, since only the last of them is shown.
 * The renderer's own counters (`stats`: cameraFrames, renderedFrames, skippedFrames, jsMs) are
 * reset at the start and returned separately, for comparison only.
 */
export interface ShownMeasure {
  /** Length of the window, seconds (from the page's clock). */
  seconds: number;
  /** Camera frames the video element presented during the window. */
  camera: number;
  /** Display refreshes with a new preview picture. */
  shown: number;
  /** All display refreshes (requestAnimationFrame callbacks) during the window. */
  refreshes: number;
  /** The renderer's own counts over the same window. */
  stats: PreviewStats;
  /** Main-thread long tasks (> 50 ms): how many, the longest, and each one's duration (ms). */
  longTasks: number;
  longest: number;
  long: number[];
  /** The renderer's upload path and the preview canvas's backing-store size. */
  path: string;
  canvas: string;
}

/** Watches the live preview for `ms` milliseconds; see ShownMeasure. */
export function measureShown(page: Page, ms: number): Promise<ShownMeasure> {
  // Runs in the page: self-contained, its only input the argument.
  return page.evaluate(async (ms) => {
    const r = window.__pbTest?.renderer();
    if (!r) throw new Error('measureShown: no booth renderer (is the camera live?)');
    const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video');
    if (!video) throw new Error('measureShown: no booth video element');
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="booth-canvas"]');

    const long: number[] = [];
    const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => e.duration > 50 && long.push(e.duration)));
    obs.observe({ type: 'longtask' });
    r.resetStats();
    let running = true;

    // Camera frames: presentedFrames from the first callback in the window to the last one.
    let firstPresented = -1;
    let lastPresented = -1;
    const onVideo = (_: number, meta: VideoFrameCallbackMetadata) => {
      if (!running) return;
      if (firstPresented < 0) firstPresented = meta.presentedFrames;
      lastPresented = meta.presentedFrames;
      video.requestVideoFrameCallback(onVideo);
    };
    video.requestVideoFrameCallback(onVideo);

    // Shown: refreshes preceded by at least one draw since the previous refresh.
    let drawnSinceRefresh = false;
    let shown = 0;
    let refreshes = 0;
    const off = r.onDrawn(() => void (drawnSinceRefresh = true));
    const onRefresh = () => {
      if (!running) return;
      refreshes++;
      if (drawnSinceRefresh) shown++;
      drawnSinceRefresh = false;
      requestAnimationFrame(onRefresh);
    };
    requestAnimationFrame(onRefresh);

    const t0 = performance.now();
    await new Promise((res) => setTimeout(res, ms));
    running = false;
    const seconds = (performance.now() - t0) / 1000;
    off();
    obs.disconnect();
    return {
      seconds,
      camera: firstPresented < 0 ? 0 : lastPresented - firstPresented + 1,
      shown,
      refreshes,
      stats: { ...r.stats },
      longTasks: long.length,
      longest: Math.max(0, ...long),
      long,
      path: r.uploadPath,
      canvas: canvas ? `${canvas.width}x${canvas.height}` : 'n/a',
    };
  }, ms);
}

/** One line each for the outside measure and the renderer's own count, for a bench's printout. */
export function describeShown(m: ShownMeasure, goal: number): string[] {
  const s = m.stats;
  const share = m.shown / Math.max(1, m.camera);
  return [
    `camera frames ${m.camera} (video element, ${(m.camera / m.seconds).toFixed(1)} fps); refreshes with a new picture ${m.shown} of ${m.refreshes} ` +
      `(${(m.shown / m.seconds).toFixed(1)} per s): share reaching the screen ${share.toFixed(2)} (goal ≥ ${goal})`,
    `renderer's own count: ${s.renderedFrames} drawn of ${s.cameraFrames} camera frames, ${s.skippedFrames} dropped while the GPU was busy, ` +
      `JS ${(s.jsMs / Math.max(1, s.renderedFrames)).toFixed(2)} ms per drawn frame`,
    `long tasks (> 50 ms): ${m.longTasks}` + (m.longTasks ? ` (${m.long.map((x) => Math.round(x)).join(' ')} ms; longest ${m.longest.toFixed(0)})` : '') + ' (goal 0)',
  ];
}
