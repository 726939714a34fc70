/**
 * THE TEST SEAM: the one API browser tests and the benchmark use to see inside the app, installed
 * as `window.__pbTest` only by a test build (`vite build --mode test`; src/main.tsx imports this
 * module behind `import.meta.env.MODE === 'test'`, which a production build removes, chunk and
 * all: tests/e2e/shipped.spec.ts checks dist/). Nothing here changes what the app does.
 */
import { currentBoothSession, onSequence } from '../features/booth/session/boothSession';
import { readLook } from '../features/booth/session/look';
import { ZERO_LEVELS, type BeautyLevels } from '../features/beauty/meta';
import { pageFaceTracker } from '../features/vision/faceTracker';
import { filterPass } from '../features/filters/pass';
import type { PassTiming } from '../gl/pipeline';
import { flipRows } from '../gl/readback';
import { store } from '../state/store';
import { capturedPhotosAtom } from '../state/session';
import { photoRoll } from '../state/photos';
import { stripBench } from './stripBench';
import { motionBench } from './motionBench';
import { timeBeautyPasses } from './beautyTiming';
import { timePropsPass } from './propsTiming';
import { styleFrame } from './styleFrame';
import { forgetMessageSupport } from '../features/message/support';
import { forgetMp4Probe } from '../features/motion/support';
import { PLAIN_STYLE } from '../features/styles/state';
import { previewScale } from '../features/styles/entry';
import { timeBackgroundPasses } from './backgroundTiming';
import { DEFAULT_BACKGROUND, type BackgroundKind } from '../features/background/meta';
import { holdFaceReplies, mediaFaults } from './faults';
import { glWatch, installGlWatch, resetGlWatch } from './glWatch';
import { SEND_TIMES, type SendTimes } from '../features/send/flow';
import { QrReader } from '../features/send/qrReader';
import { compareLegacyStrips } from './legacyStrips';
import { keptDesignJpeg } from './designStrips';
import { addPicture } from '../features/strip/template/pictures';

installGlWatch();

export interface PreviewPixels {
  width: number;
  height: number;
  /** RGBA, rows top-first, exactly what the preview canvas showed. */
  data: Uint8ClampedArray;
}

/** The booth session's renderer while the booth is on screen. */
function renderer() {
  return currentBoothSession()?.renderer ?? null;
}

const faceTracker = pageFaceTracker();
let held: ReturnType<typeof holdFaceReplies> = null;
let qrReader: QrReader | null = null;
/** The last sequence a booth session ran (sessions report each run to the seam). */
let lastRun: Promise<void> = Promise.resolve();
onSequence((run) => (lastRun = run));

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
  landmarks() {
    const t = faceTracker;
    return {
      live: t.getLiveFaces().faces,
      lastStill: t.lastStill,
      liveDetectMs: [...t.liveDetectMs],
      liveModelMs: [...t.liveModelMs],
      liveCalls: [...t.liveCalls],
    };
  },
  /** Forgets the last still's landmarks, so the next capture's search is told from an earlier one's (lastStill is the seam's alone). */
  clearStillLandmarks() {
    faceTracker.lastStill = [];
  },


  /**
   * Feeds camera frames to the landmarker as the preview would, while the beauty stage is off: the
   * bench times the landmarks without the beauty passes' GPU work beside them. `alone` pauses the
   * video (which stops the preview loop) and offers its frame again as soon as the worker is free:
   * the landmarks' own cost on this machine, with nothing else running.
   */
  driveLandmarks({ alone = false }: { alone?: boolean } = {}): () => void {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video');
    if (!video) return () => undefined;
    let on = true;
    if (alone) video.pause();
    const next = (): unknown =>
      on &&
      (alone
        ? setTimeout(() => (faceTracker.offerLiveFrame(video, performance.now()), next()), 5)
        : video.requestVideoFrameCallback((now) => (faceTracker.offerLiveFrame(video, now), next())));
    next();
    return () => (on = false);
  },

  /** Starts a clean sample of live landmark times, and says which delegate runs them (bench). */
  async restartLandmarkTiming() {
    for (const list of [faceTracker.liveDetectMs, faceTracker.liveModelMs, faceTracker.liveCalls]) list.length = 0;
    return faceTracker.delegate();
  },

  /** The booth's renderer: stats for the bench. */
  renderer,

  /** One photo with the look in the store and a chosen filter, no face search (bench). */
  capture(filterId: string) {
    const r = renderer();
    if (!r) throw new Error('no booth renderer');
    return r.capture({ ...readLook(store, 'photo'), filterId }, () => Promise.resolve({ faces: { still: [], shown: [] }, mask: null }));
  },

  /**
   * SIMULATED FAULT: the face worker stops answering detections (see ./faults.ts) until
   * releaseFaceReplies. False when no face tracker is loaded.
   */
  holdFaceReplies(): boolean {
    held = holdFaceReplies(faceTracker);
    return held !== null;
  },

  /** The held detections go on to the worker; resolves with their count once they are answered. */
  releaseFaceReplies: (): Promise<number> => held?.release() ?? Promise.resolve(0),

  /** Resolves once the booth's last capture sequence has ended (at once when none ran). */
  sequenceSettled: (): Promise<void> => lastRun,

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
          inputs: {
            background: { settings: DEFAULT_BACKGROUND, mask: null, custom: null },
            beauty: { beauty, faces: [] },
            props: { prop: 'none', faces: [] },
            styles: { look: PLAIN_STYLE, scale: 1 },
          },
        },
        filterPass(filterId, true),
      );
      return p.lastPassTimings;
    } finally {
      p.timePasses = false;
      r?.invalidate();
    }
  },

  /** The background stage timed on its own pipeline (bench). */
  timeBackgroundPasses: (video: HTMLVideoElement, width: number, height: number, kind: BackgroundKind) => timeBackgroundPasses(video, width, height, kind),

  /** Milliseconds the segmentation worker took per live mask (bench). */
  segmentationTimes: (): number[] => [...(currentBoothSession()?.masks.times ?? [])],

  /** The beauty stage timed on its own pipeline (bench). */
  timeBeautyPasses: (video: HTMLVideoElement, width: number, height: number, levels?: BeautyLevels) =>
    timeBeautyPasses(video, faceTracker.getLiveFaces().faces, width, height, levels),

  /**
   * The props stage timed on its own pipeline (bench), on the first `count` live faces; faces past
   * those found are copies of them moved sideways by a face's width (to time four faces).
   */
  timePropsPass(prop: string, count: number, width: number, height: number) {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')!;
    const live = faceTracker.getLiveFaces().faces;
    const faces = Array.from({ length: count }, (_, i) => {
      const face = live[i % live.length]!;
      const shift = Math.floor(i / live.length) * 0.15;
      return face.map((p) => ({ ...p, x: p.x - shift }));
    });
    return timePropsPass(video, faces, prop, width, height);
  },

  /** A picture the test made, drawn through one art style at its own size (and timed over `runs` frames: bench). */
  styleFrame,
  /** The scale the preview draws a style at now (1 until measuring lowered it). */
  stylePreviewScale: (id: string): number => previewScale.scaleFor(id),
  /** SIMULATED FAULTS of reading and writing media (./faults.ts), until cleared. */
  faults: mediaFaults(),
  /** The booth's camera opened again (a test camera installed over getUserMedia after the page asked for its own). */
  reopenCamera: () => currentBoothSession()?.camera.open() ?? Promise.resolve(),
  /** Messages as a browser without WebCodecs makes them (MediaRecorder), from the next one on. */
  messageWithoutWebCodecs(): void {
    // As a browser without them: the encoders gone, and what was probed with them forgotten.
    for (const name of ['VideoEncoder', 'AudioEncoder']) Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true });
    forgetMp4Probe();
    forgetMessageSupport();
  },

  /** The session's photos: size, and each burst's frame count, distinct frames and shape. */
  photos() {
    return store.get(capturedPhotosAtom).map((p) => ({
      id: p.id,
      width: p.width,
      height: p.height,
      focus: p.focus,
      motion: p.motion && {
        frames: p.motion.frames.length,
        distinct: new Set(p.motion.frames).size,
        width: p.motion.width,
        height: p.motion.height,
        fps: p.motion.fps,
        shutterIndex: p.motion.shutterIndex,
      },
    }));
  },

  /**
   * Photos given to the visit as if the booth had taken them (a new set), for an engine that
   * cannot open a camera here (WebKitGTK): the strip page then works on them as on shots.
   */
  async givePhotos(jpegs: Blob[]): Promise<void> {
    for (const [i, blob] of jpegs.entries()) {
      const { width, height } = await createImageBitmap(blob);
      photoRoll.add(store, i, { id: crypto.randomUUID(), blob, width, height, filterId: 'none', takenAt: Date.now() }, i === 0);
    }
  },

  /** Photo i's JPEG and its burst frames, for a test that decodes them in the page. */
  photoBlobs(i: number): { still: Blob; frames: Blob[] } {
    const p = store.get(capturedPhotosAtom)[i]!;
    return { still: p.blob, frames: p.motion?.frames ?? [] };
  },

  /** Programs linked (inside live frames) and photo read-backs (synchronous or through a buffer) since the last reset. */
  glWatch,
  resetGlWatch,

  /** Strip composition and export on the session's photos (bench). */
  strip: stripBench,

  /** Motion exports on the session's photos (bench). */
  motion: motionBench,
  /** Send to a phone: its times (an offer's lifetime, the connect deadline) shortened for a fault test. */
  send: {
    setTimes(patch: Partial<SendTimes>) {
      Object.assign(SEND_TIMES, patch);
    },
  },
  /** The booth's QR reader (its worker, zxing's own WebAssembly) on a picture the test drew: the codes' texts. */
  qr: {
    read: (bitmap: ImageBitmap): Promise<string[]> => (qrReader ??= new QrReader()).read(bitmap),
  },
  /** The built-in templates against the composer before templates, on the same photos: pixels that differ. */
  legacyStrips: () => compareLegacyStrips(),
  /** A kept design's strip JPG (base64) on made-up photos, the same in any profile. */
  keptDesignJpeg: (name: string) => keptDesignJpeg(name),
  /** A picture as the designer keeps it (logo or overlay), fitting `maxSide` (bench: its memory). */
  designPicture: async (file: Blob, maxSide: number): Promise<string> => {
    const got = await addPicture(file, { maxSide });
    return got.ok ? `kept ${got.width}×${got.height} (PNG)` : `refused: ${got.problem}`;
  },
};

export type TestApi = typeof api;

declare global {
  interface Window {
    __pbTest?: TestApi;
  }
}

window.__pbTest = api;
