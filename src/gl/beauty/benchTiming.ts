/**
 * Benchmark helper (loaded only with the `?beauty-debug` test hook): times the beauty stage on
 * its own pipeline at a given output size, against the plain filter pass as a baseline.
 * On a software GPU (SwiftShader) the wall time up to gl.finish is the GPU time.
 */
import type { BeautySettings } from '../../beauty/presets';
import type { FaceLandmarks } from '../../vision/types';
import { Pipeline } from '../pipeline';

export interface BeautyPassTiming {
  width: number;
  height: number;
  /** Median ms of the beauty stage (all its passes). */
  beautyMs: number;
  /** Median ms of the filter pass ('none') at the same size, the baseline. */
  filterMs: number;
}

export function timeBeautyPasses(
  source: HTMLVideoElement,
  faces: FaceLandmarks[],
  beauty: BeautySettings,
  width: number,
  height: number,
  runs = 9,
): BeautyPassTiming {
  const canvas = new OffscreenCanvas(width, height);
  const pipeline = Pipeline.create(canvas);
  if (!pipeline) throw new Error('WebGL2 unavailable');
  try {
    pipeline.timePasses = true;
    const beautyMs: number[] = [];
    const filterMs: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      pipeline.uploadFrame(source, source.videoWidth, source.videoHeight);
      pipeline.renderToPixels(
        {
          outputWidth: width,
          outputHeight: height,
          sourceWidth: source.videoWidth,
          sourceHeight: source.videoHeight,
          faces,
          beauty,
          frameId: i,
          timestamp: 0,
          purpose: 'preview',
        },
        { filterId: 'none', mirror: true },
        width,
        height,
      );
      if (i === 0) continue; // warm-up: shader compiles and target allocation
      for (const t of pipeline.lastPassTimings) {
        if (t.id === 'beauty') beautyMs.push(t.ms);
        else if (t.id.startsWith('filter:')) filterMs.push(t.ms);
      }
    }
    const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1] ?? NaN;
    return { width, height, beautyMs: median(beautyMs), filterMs: median(filterMs) };
  } finally {
    pipeline.dispose();
  }
}
