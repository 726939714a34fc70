/**
 * Art styles on their own pipeline (test seam only): a picture the test made (any size) drawn
 * through one style at that size, and the style stage's time per frame (bench). On a software GPU
 * (SwiftShader) the wall time up to a GPU sync is the GPU time.
 */
import { filterPass } from '../features/filters/pass';
import { createStyleStage, type StyleInputs } from '../features/styles/stage';
import { styleById } from '../features/styles/meta';
import { Pipeline } from '../gl/pipeline';
import { flipRows } from '../gl/readback';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1] ?? NaN;

export interface StyledFrame {
  width: number;
  height: number;
  /** RGBA rows, top first. */
  data: Uint8ClampedArray;
  /** The style stage's median ms per frame (when timed), else NaN. */
  ms: number;
}

/** `picture` drawn through style `id` (its setting, or its initial one) at the picture's size. */
export function styleFrame(picture: ImageBitmap | HTMLVideoElement, id: string, setting?: number, runs = 0): StyledFrame {
  const width = picture instanceof HTMLVideoElement ? picture.videoWidth : picture.width;
  const height = picture instanceof HTMLVideoElement ? picture.videoHeight : picture.height;
  const style = styleById(id);
  const pipeline = Pipeline.create<StyleInputs>(new OffscreenCanvas(width, height), [createStyleStage()]);
  if (!pipeline) throw new Error('WebGL2 unavailable');
  try {
    const frame = { outputWidth: width, outputHeight: height, sourceWidth: width, sourceHeight: height, inputs: { look: { id, setting: setting ?? style?.setting.initial ?? 0 }, scale: 1 } };
    pipeline.uploadFrame(picture, width, height);
    // renderToPixels' rows come bottom first for an uploaded picture (it is drawn flipped for a photo's read-back).
    const data = pipeline.renderToPixels(frame, filterPass('none', false));
    flipRows(data, width, height);
    const ms: number[] = [];
    pipeline.timePasses = runs > 0;
    for (let i = 0; i < runs; i++) {
      pipeline.uploadFrame(picture, width, height);
      pipeline.renderToPixels(frame, filterPass('none', false));
      ms.push(pipeline.lastPassTimings.filter((t) => t.id === 'styles').reduce((a, t) => a + t.ms, 0));
    }
    return { width, height, data, ms: runs > 0 ? median(ms) : NaN };
  } finally {
    pipeline.dispose();
  }
}
