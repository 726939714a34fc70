import type { FaceLandmarks } from '../vision/types';

/**
 * Hooks other parts of the app register so the pipeline can feed stages without the booth's
 * render loop knowing about them (the beauty engineer's landmarks and settings).
 */

export type FaceDetectSource = ImageBitmap | HTMLVideoElement | VideoFrame;

/** Finds faces in a still frame before a capture is rendered, so the photo's retouch fits it. */
export type FaceDetector = (source: FaceDetectSource, width: number, height: number) => Promise<FaceLandmarks[]>;

/** Which frame the preview is about to draw. */
export interface PreviewFrameInfo {
  /** Increases by one per camera frame uploaded. */
  frameId: number;
  /** Media time of the frame in ms. */
  timestamp: number;
  video: HTMLVideoElement;
}

/** The per-frame extras the preview asks for: landmarks that belong to THIS frame, and settings. */
export type FrameMetaProvider = (frame: PreviewFrameInfo) => { faces?: FaceLandmarks[]; beauty?: unknown };

let faceDetector: FaceDetector | null = null;
let frameMetaProvider: FrameMetaProvider | null = null;
/** Beauty settings for captures (and the preview if no provider gives them). */
let beautySettings: unknown = undefined;

export function setFaceDetector(fn: FaceDetector | null): void {
  faceDetector = fn;
}
export function getFaceDetector(): FaceDetector | null {
  return faceDetector;
}
export function setFrameMetaProvider(fn: FrameMetaProvider | null): void {
  frameMetaProvider = fn;
}
export function getFrameMetaProvider(): FrameMetaProvider | null {
  return frameMetaProvider;
}
export function setBeautySettings(settings: unknown): void {
  beautySettings = settings;
}
export function getBeautySettings(): unknown {
  return beautySettings;
}
