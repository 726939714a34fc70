/**
 * Benchmark helper (test seam only): times the background stage on its own pipeline at a given
 * output size, with a mask of the model's size (an ellipse where a head and shoulders would be),
 * against the same frame with no background. On a software GPU (SwiftShader) the wall time up to
 * gl.finish is the GPU time.
 */
import { createBackgroundStage, type BackgroundInputs } from '../features/background/stage';
import { DEFAULT_BACKGROUND, type BackgroundKind } from '../features/background/meta';
import type { SegmentMask } from '../features/background/protocol';
import { filterPass } from '../features/filters/pass';
import { Pipeline } from '../gl/pipeline';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1] ?? NaN;

function ellipseMask(width = 256, height = 144): SegmentMask {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x / width - 0.5) / 0.22;
      const dy = (y / height - 0.7) / 0.6;
      data[y * width + x] = dx * dx + dy * dy < 1 ? 255 : 0;
    }
  }
  return { data, width, height, id: 1 };
}

export interface BackgroundPassTiming {
  width: number;
  height: number;
  /** The background stage (all its passes), ms, median of the runs. */
  stageMs: number;
  /** The whole frame with the background, and without it, ms. */
  frameMs: number;
  baselineFrameMs: number;
}

export function timeBackgroundPasses(source: HTMLVideoElement, width: number, height: number, kind: BackgroundKind, runs = 15): BackgroundPassTiming {
  const pipeline = Pipeline.create<BackgroundInputs>(new OffscreenCanvas(width, height), [createBackgroundStage()]);
  if (!pipeline) throw new Error('WebGL2 unavailable');
  const mask = ellipseMask();
  const time = (settings: BackgroundInputs['settings']) => {
    const stage: number[] = [];
    const frame: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      pipeline.uploadFrame(source, source.videoWidth, source.videoHeight);
      pipeline.renderToPixels(
        { outputWidth: width, outputHeight: height, sourceWidth: source.videoWidth, sourceHeight: source.videoHeight, inputs: { settings, mask, custom: null } },
        filterPass('none', true),
      );
      if (i === 0) continue; // warm-up: shader compiles, target allocation, the backdrop drawn
      const passes = pipeline.lastPassTimings.filter((t) => t.id !== 'upload');
      stage.push(passes.filter((t) => t.id === 'background').reduce((a, t) => a + t.ms, 0));
      frame.push(passes.reduce((a, t) => a + t.ms, 0));
    }
    return { stage, frame };
  };
  try {
    pipeline.timePasses = true;
    const on = time({ ...DEFAULT_BACKGROUND, kind, blur: 100 });
    const off = time({ ...DEFAULT_BACKGROUND, kind: 'none' });
    return { width, height, stageMs: median(on.stage), frameMs: median(on.frame), baselineFrameMs: median(off.frame) };
  } finally {
    pipeline.dispose();
  }
}
