/**
 * Live backgrounds: what can stand behind the person, and the numbers the stage and the
 * segmenter work with. The person is found by a small segmentation model in a worker
 * (./segmenter.ts), or, with the green-screen key, by colour alone (no model).
 */

/** The backdrops drawn by the project (./backdrops.ts), in the order B steps through them. */
export const BACKDROP_IDS = ['pastel', 'bokeh', 'studio', 'hearts', 'night', 'beach'] as const;
export type BackdropId = (typeof BACKDROP_IDS)[number];

/**
 * What is behind the person: nothing changed, the camera's own background blurred, a backdrop,
 * the visitor's own picture. `green`: the person is cut out by a chroma key instead of the model
 * (a green screen behind them), with its tolerance and spill suppression.
 */
export type BackgroundKind = 'none' | 'blur' | 'backdrop' | 'custom';

export interface BackgroundSettings {
  kind: BackgroundKind;
  backdrop: BackdropId;
  /** Blur strength, 0–100. */
  blur: number;
  /** Cut the person out by colour (a green screen) instead of the model. */
  green: boolean;
  /** How far from the key colour still counts as screen, 0–100. */
  tolerance: number;
  /** How much green cast is taken off the person's edges, 0–100. */
  spill: number;
}

export const DEFAULT_BACKGROUND: BackgroundSettings = { kind: 'none', backdrop: 'pastel', blur: 60, green: false, tolerance: 40, spill: 50 };

/** One choice of the picker and of B / Shift+B: none, blur, each backdrop, the visitor's picture. */
export type BackgroundChoice = 'none' | 'blur' | `backdrop:${BackdropId}` | 'custom';
export const BACKGROUND_CHOICES: readonly BackgroundChoice[] = ['none', 'blur', ...BACKDROP_IDS.map((id) => `backdrop:${id}` as const), 'custom'];

/** The model's input (the landscape selfie segmentation model: 256×144, RGB floats 0–1). */
export const MASK_WIDTH = 256;
export const MASK_HEIGHT = 144;
/** Each new mask is blended with the last this much (0: none): a still person does not flicker. */
export const MASK_SMOOTHING = 0.45;
/** The size backdrops are drawn at (a 16:9 picture; the stage fits it to the camera's shape). */
export const BACKDROP_SIZE = { width: 1280, height: 720 };
/** The visitor's own picture is scaled down to at most this long side before it is kept. */
export const CUSTOM_MAX_SIDE = 1920;
/**
 * The largest picture that can be chosen: 300 megapixels (a 16000×16000 picture is 256), and no
 * side over 65,535 px (JPEG's own limit). JPEGs are decoded already scaled down and PNGs are read
 * a few rows at a time (./pictureDecode.ts), so neither ever holds its full size; what limits them is
 * the time reading takes (a few seconds for 256 megapixels). A header over this is refused unread.
 */
export const CUSTOM_MAX_PIXELS = 300_000_000;
export const CUSTOM_MAX_PICTURE_SIDE = 65_535;
/**
 * Pictures the browser can only decode whole before they are scaled (GIF, WebP, BMP; any picture
 * where the scaled paths are missing): at most 128 megapixels, 512 MB while decoded (a 108 MP
 * phone photo still fits).
 */
export const CUSTOM_MAX_WHOLE_PIXELS = 128_000_000;
/** PNGs over this many pixels (64 MB decoded) are read a few rows at a time; smaller ones are decoded by the browser. */
export const CUSTOM_STREAM_ABOVE_PIXELS = 16_000_000;
