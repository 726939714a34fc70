/**
 * THE TEST SEAM: the one API browser tests and the benchmark use to see inside the app, installed
 * as `window.__pbTest` only by a test build (`vite build --mode test`; src/main.tsx imports this
 * module behind `import.meta.env.MODE === 'test'`, which a production build removes, chunk and
 * all: tests/e2e/shipped.spec.ts checks dist/). Nothing here changes what the app does.
 */
import { boothRendererAtom } from '../features/booth/state';
import { ZERO_LEVELS, type BeautyLevels } from '../features/beauty/meta';
import type { FaceLandmarks } from '../features/vision/types';
import { faceTracker } from '../features/vision/faceTracker';
import { filterPass } from '../features/filters/pass';
import type { PassTiming } from '../gl/pipeline';
import { flipRows } from '../gl/readback';
import { store } from '../state/store';
import { stripBench } from './stripBench';
import { timeBeautyPasses } from './beautyTiming';

export interface PreviewPixels {
  width: number;
  height: number;
  /** RGBA, rows top-first, exactly what the preview canvas showed. */
  data: Uint8ClampedArray;
}

function renderer() {
  return store.get(boothRendererAtom);
}

const api = {
  /**
   * The preview canvas's pixels, read right after its next render (no preserveDrawingBuffer
   * needed). `redraw: false` waits for the live loop's own next frame instead of asking for one,
   * so a test can tell whether the loop itself is still running.
   */
  previewPixels(timeoutMs = 10_000, { redraw = true }: { redraw?: boolean } = {}): Promise<PreviewPixels> {
    return new Promise((resolve, reject) => {
      const r = renderer();
      if (!r) return reject(new Error('no booth renderer'));
      const timer = setTimeout(() => {
        off();
        reject(new Error('no preview frame was drawn'));
      }, timeoutMs);
      const off = r.onDrawn((p) => {
        off();
        clearTimeout(timer);
        const { width, height } = p.gl.canvas;
        const data = p.readCanvas();
        flipRows(data, width, height);
        resolve({ width, height, data });
      });
      if (redraw) r.invalidate();
    });
  },

  /** Landmarks the app found: the latest live ones (smoothed) and the last capture's still (normalised 0..1). */
  landmarks(): { live: FaceLandmarks[]; lastStill: FaceLandmarks[]; liveDetectMs: number[] } {
    return { live: faceTracker.getLiveFaces().faces, lastStill: faceTracker.lastStill, liveDetectMs: [...faceTracker.liveDetectMs] };
  },

  /** Longest side of the live frames sent to the landmarker (the bench compares sizes). */
  setLiveDetectSize(size: number): void {
    faceTracker.liveDetectSize = size;
    faceTracker.liveDetectMs.length = 0;
  },

  /** The booth's renderer: stats for the bench, capture with a chosen filter. */
  renderer,

  /**
   * Times one frame pass by pass at any output size (bench): upload, each active stage and the
   * filter pass, each ended with a GPU sync so its cost is its own.
   */
  profileFrame(filterId: string, width: number, height: number): PassTiming[] {
    const r = renderer();
    const p = r?.pipeline;
    const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video');
    if (!p || !video) return [];
    p.timePasses = true;
    try {
      p.finish();
      p.uploadFrame(video, video.videoWidth, video.videoHeight);
      const beauty = { enabled: false, levels: ZERO_LEVELS };
      p.renderToPixels(
        {
          outputWidth: width,
          outputHeight: height,
          sourceWidth: video.videoWidth,
          sourceHeight: video.videoHeight,
          inputs: { faces: [], beauty },
          frameId: -1,
          timestamp: 0,
          purpose: 'preview',
        },
        filterPass(filterId, true),
      );
      return p.lastPassTimings;
    } finally {
      p.timePasses = false;
      r?.invalidate();
    }
  },

  /** The beauty stage timed on its own pipeline (bench). */
  timeBeautyPasses: (video: HTMLVideoElement, width: number, height: number, levels?: BeautyLevels) =>
    timeBeautyPasses(video, faceTracker.getLiveFaces().faces, width, height, levels),

  /** Strip composition and export on the session's photos (bench). */
  strip: stripBench,
};

export type TestApi = typeof api;

declare global {
  interface Window {
    __pbTest?: TestApi;
  }
}

window.__pbTest = api;
