/**
 * Benchmark helper (test seam only): times the props stage on its own pipeline at a given output
 * size, for a number of faces. On a software GPU (SwiftShader) the wall time up to gl.finish is
 * the GPU time.
 */
import { filterPass } from '../features/filters/pass';
import { createPropsStage, type PropsInputs } from '../features/props/stage';
import type { FaceLandmarks } from '../features/vision/types';
import { Pipeline } from '../gl/pipeline';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1] ?? NaN;

/** The props stage's median ms over `runs` frames (after one to warm up). */
export function timePropsPass(source: HTMLVideoElement, faces: FaceLandmarks[], prop: string, width: number, height: number, runs = 15): number {
  const pipeline = Pipeline.create<PropsInputs>(new OffscreenCanvas(width, height), [createPropsStage()]);
  if (!pipeline) throw new Error('WebGL2 unavailable');
  try {
    pipeline.timePasses = true;
    const ms: number[] = [];
    for (let i = 0; i <= runs; i++) {
      pipeline.uploadFrame(source, source.videoWidth, source.videoHeight);
      pipeline.renderToPixels(
        {
          outputWidth: width,
          outputHeight: height,
          sourceWidth: source.videoWidth,
          sourceHeight: source.videoHeight,
          inputs: { faces, prop },
        },
        filterPass('none', true),
      );
      if (i > 0) ms.push(pipeline.lastPassTimings.filter((t) => t.id === 'props').reduce((a, t) => a + t.ms, 0));
    }
    return median(ms);
  } finally {
    pipeline.dispose();
  }
}
