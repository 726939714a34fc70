/** The segmentation worker's protocol (src/workers/bridge.ts). */

/** A person mask: one byte per pixel, 255 = person, row 0 at the top of the frame. */
export interface SegmentMask {
  data: Uint8Array;
  width: number;
  height: number;
  /** Distinct per mask, so the stage uploads a mask only once. */
  id: number;
}

export interface SegmentRequest {
  /** The frame, already scaled to the model's input by the caller (createImageBitmap resize). */
  frame: ImageBitmap;
  /** Blend with the last live mask (the preview), or not (a photo's still). */
  smooth: boolean;
}

export interface SegmenterApi {
  /** Loads the runtime and both models; resolves with whether WebAssembly SIMD is used. */
  load(arg: { base: string }): { simd: boolean };
  segment(req: SegmentRequest): { data: Uint8Array; width: number; height: number; ms: number };
}

/** Which model suits a frame: the 256×144 landscape one, or the 256×256 one for portrait and square frames. */
export type ModelShape = 'landscape' | 'square';
export const modelShapeFor = (width: number, height: number): ModelShape => (width >= height * 1.2 ? 'landscape' : 'square');
export const MODEL_INPUT: Record<ModelShape, { width: number; height: number }> = {
  landscape: { width: 256, height: 144 },
  square: { width: 256, height: 256 },
};
