/**
 * Benchmark helper (test seam only): times the beauty stage on
 * its own pipeline at a given output size. The baseline is the same frame without beauty, where
 * the filter pass reads the camera texture itself. On a software GPU (SwiftShader) the wall time
 * up to gl.finish is the GPU time.
 */
import { store } from '../state/store';
import type { BeautyLevels, BeautySettings } from '../features/beauty/meta';
import { createBeautyStage, type BeautyInputs } from '../features/beauty/stage';
import { beautySettingsAtom } from '../features/beauty/state';
import { filterPass } from '../features/filters/pass';
import type { FaceLandmarks } from '../features/vision/types';
import { Pipeline } from '../gl/pipeline';

export interface BeautyPassTiming {
  width: number;
  height: number;
  /** The beauty stage (all its passes), ms: median and fastest run. */
  beautyMs: number;
  beautyMinMs: number;
  /** The whole frame (stages + filter pass), with beauty and without it, ms: median and fastest. */
  frameMs: number;
  frameMinMs: number;
  baselineFrameMs: number;
  baselineFrameMinMs: number;
}

const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1] ?? NaN;

function run(pipeline: Pipeline<BeautyInputs>, source: HTMLVideoElement, faces: FaceLandmarks[], beauty: BeautySettings, w: number, h: number, runs: number) {
  const stage: number[] = [];
  const frame: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    pipeline.uploadFrame(source, source.videoWidth, source.videoHeight);
    pipeline.renderToPixels(
      {
        outputWidth: w,
        outputHeight: h,
        sourceWidth: source.videoWidth,
        sourceHeight: source.videoHeight,
        inputs: { faces, beauty },
      },
      filterPass('none', true),
    );
    if (i === 0) continue; // warm-up: shader compiles and target allocation
    const passes = pipeline.lastPassTimings.filter((t) => t.id !== 'upload');
    stage.push(passes.filter((t) => t.id === 'beauty').reduce((a, t) => a + t.ms, 0));
    frame.push(passes.reduce((a, t) => a + t.ms, 0));
  }
  return { stage, frame };
}

/**
 * Times the beauty stage with the current settings (the store's, or these `levels` in their place,
 * to time one effect alone) and these landmarks.
 */
export function timeBeautyPasses(
  source: HTMLVideoElement,
  faces: FaceLandmarks[],
  width: number,
  height: number,
  levels?: BeautyLevels,
  runs = 15,
): BeautyPassTiming {
  const stored: BeautySettings = store.get(beautySettingsAtom);
  const beauty: BeautySettings = levels ? { ...stored, enabled: true, levels } : stored;
  const pipeline = Pipeline.create<BeautyInputs>(new OffscreenCanvas(width, height), [createBeautyStage()]);
  if (!pipeline) throw new Error('WebGL2 unavailable');
  try {
    pipeline.timePasses = true;
    const on = run(pipeline, source, faces, beauty, width, height, runs);
    const off = run(pipeline, source, faces, { ...beauty, enabled: false }, width, height, runs);
    return {
      width,
      height,
      beautyMs: median(on.stage),
      beautyMinMs: Math.min(...on.stage),
      frameMs: median(on.frame),
      frameMinMs: Math.min(...on.frame),
      baselineFrameMs: median(off.frame),
      baselineFrameMinMs: Math.min(...off.frame),
    };
  } finally {
    pipeline.dispose();
  }
}
