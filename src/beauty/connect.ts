/**
 * Plugs the beauty settings and the face tracker into the render pipeline's hooks
 * (src/gl/hooks.ts): the preview gets the latest smoothed landmarks each frame, a capture gets
 * landmarks found on its own full-resolution frame.
 */
import { setBeautySettings, setFaceDetector, setFrameMetaProvider } from '../gl/hooks';
import { faceTracker } from '../vision/faceTracker';
import { beautyIsIdle, type BeautySettings } from './presets';

let current: BeautySettings | undefined;

/** Landmarks are only worth computing when an enabled effect uses them. */
export function needsFaces(s: BeautySettings | undefined): boolean {
  if (!s || beautyIsIdle(s)) return false;
  const { smooth, slim, eyes, enhance } = s.levels;
  return smooth > 0 || slim > 0 || eyes > 0 || enhance > 0;
}

export function updateBeautySettings(s: BeautySettings) {
  current = s;
  setBeautySettings(s);
}

/** Registers the hooks; returns a function that removes them. */
export function connectBeauty(): () => void {
  setFrameMetaProvider((frame) => {
    if (!needsFaces(current)) return { faces: [], beauty: current };
    faceTracker.offerLiveFrame(frame.video, frame.timestamp);
    return { faces: faceTracker.getLiveFaces().faces, beauty: current };
  });
  setFaceDetector(async (source) => (needsFaces(current) ? faceTracker.detectStill(source) : []));
  if (new URLSearchParams(location.search).has('beauty-debug')) void exposeBenchHooks();
  return () => {
    setFrameMetaProvider(null);
    setFaceDetector(null);
  };
}

/**
 * TEST-ONLY HOOK (`?beauty-debug`): lets the benchmark time the beauty passes on the live frame
 * with the current settings and landmarks. Loaded on demand, never without the parameter.
 */
async function exposeBenchHooks() {
  const { timeBeautyPasses } = await import('../gl/beauty/benchTiming');
  const w = window as unknown as { __beautyDebug?: Record<string, unknown> };
  w.__beautyDebug = {
    ...w.__beautyDebug,
    timeBeautyPasses: (video: HTMLVideoElement, width: number, height: number, settings?: BeautySettings) => {
      const s = settings ?? current;
      return s ? timeBeautyPasses(video, faceTracker.getLiveFaces().faces, s, width, height) : null;
    },
    setLiveDetectSize: (size: number) => {
      faceTracker.liveDetectSize = size;
      faceTracker.liveDetectMs.length = 0;
    },
  };
}
