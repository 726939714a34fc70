/**
 * THE CAMERA FIRST: on the booth's own URL, a tiny script of its own (src/early.ts, the first
 * thing the page runs) asks for the camera before the page's styles, layout and app code, and shows
 * the picture in the prerendered booth as soon as it plays. The booth session then takes that very
 * stream (CameraController.open) and that very <video>: one video element for the booth, kept out
 * of React's tree (CameraView mounts it into its slot), so the picture never blinks when React
 * takes over the page.
 *
 * The early script is built on its own (a classic script: scripts/vite-plugin-camera-first.ts), so
 * it carries its own copy of this module: the two copies share their state through one global
 * (`shared`), the stream and the video handed from the first to the app's.
 */
import { openCamera, stopStream } from './camera';
import { CAMERA_CHOICE_KEY } from './meta';

/** A camera's deviceId is an opaque string; anything else stored under the key is removed. */
export const isSavedCamera = (x: unknown): x is string => typeof x === 'string' && x.length >= 1 && x.length <= 512;

/**
 * The visitor's last choice of camera, read as it is (the controller's read through lib/stored
 * removes a bad record; this script stays clear of the app's code so it can run first).
 */
function savedCamera(): string | null {
  try {
    const raw = localStorage.getItem(CAMERA_CHOICE_KEY);
    return isSavedCamera(raw) ? raw : null;
  } catch {
    return null;
  }
}

interface EarlyState {
  /** The stream asked for early, until the booth takes it (or it is let go). */
  early: { deviceId: string | null; stream: Promise<MediaStream> } | null;
  video: HTMLVideoElement | null;
}
const SHARED = Symbol.for('photobooth.earlyCamera');
const shared: EarlyState = ((globalThis as { [SHARED]?: EarlyState })[SHARED] ??= { early: null, video: null });
/** A stream asked for early that no booth took in this long is let go (the camera light goes off). */
const UNCLAIMED_MS = 15_000;
/** How long the app's code waits, at most, for the early picture to play before it starts. */
const APP_WAITS_MS = 600;

/** The booth's one <video> (made on first use). */
export function boothVideo(): HTMLVideoElement {
  let video = shared.video;
  if (!video) {
    video = shared.video = document.createElement('video');
    video.className = 'booth-video';
    video.muted = true;
    video.playsInline = true;
    video.autoplay = true;
    video.setAttribute('aria-hidden', 'true');
  }
  return video;
}

/** The shape of the booth video's picture, if it is already playing (null otherwise). */
export function earlyPictureAspect(): number | null {
  const video = shared.video;
  return video?.videoWidth ? video.videoWidth / video.videoHeight : null;
}

/** Asks for the camera now (the booth's page, before the app has loaded). */
export function startEarlyCamera(): void {
  if (shared.early || !navigator.mediaDevices?.getUserMedia) return;
  const deviceId = savedCamera();
  const stream = openCamera(deviceId);
  const mine = { deviceId, stream };
  shared.early = mine;
  stream.then(
    (s) => {
      if (shared.early !== mine) return; // taken: the booth shows it
      showEarly(s);
      setTimeout(() => {
        if (shared.early === mine) {
          shared.early = null;
          stopStream(s);
        }
      }, UNCLAIMED_MS);
    },
    () => undefined, // the booth's first open reports the fault
  );
}

/**
 * Settles once the early picture's first frame is on screen, or cannot be (no camera asked for,
 * refused, failed), or the visitor is being asked for the camera (they take seconds to answer), or
 * after APP_WAITS_MS: the moment for what waits on the camera (the controls, ../../lib/start/afterCamera.ts)
 * and the app's code to start. Until then the main thread is left to the camera (its answer and
 * first frame are delivered there): the app's modules evaluating and its first render held the
 * picture back 50-300 ms here.
 */
export function earlyPictureSettled(): Promise<void> {
  const early = shared.early;
  if (!early) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, APP_WAITS_MS);
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    navigator.permissions?.query({ name: 'camera' as PermissionName }).then((p) => p.state !== 'granted' && settle(), () => undefined);
    early.stream.then(() => {
      const v = shared.video;
      if (!v || v.error) return settle();
      v.addEventListener('error', settle, { once: true });
      frameShown(v, settle);
    }, settle);
  });
}

/**
 * Calls `done` once a frame of `video` has been painted in the page: after the rendering update
 * that presented a frame while the video was in the document (requestVideoFrameCallback runs in
 * that update; a message posted from it is handled after its paint).
 */
function frameShown(video: HTMLVideoElement, done: () => void): void {
  const afterPaint = () => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(null);
  };
  // Every engine the booth supports has it; without it, APP_WAITS_MS settles.
  if (typeof (video as Partial<HTMLVideoElement>).requestVideoFrameCallback !== 'function') return;
  const onFrame = () => (video.isConnected ? afterPaint() : video.requestVideoFrameCallback(onFrame));
  video.requestVideoFrameCallback(onFrame);
}

/**
 * The stream asked for early, for the booth's first open of the camera `deviceId`; null when none
 * was asked for (or for another camera: that one is stopped).
 */
export function takeEarlyCamera(deviceId: string | null): Promise<MediaStream> | null {
  const taken = shared.early;
  shared.early = null;
  if (!taken) return null;
  if (taken.deviceId === deviceId) return taken.stream;
  taken.stream.then(stopStream, () => undefined);
  return null;
}

/**
 * Plays the stream in the booth's video, shown in the prerendered page's picture (once the parser
 * has reached it) if React has not taken the video yet.
 */
function showEarly(stream: MediaStream): void {
  const v = boothVideo();
  if (v.srcObject) return;
  // Mirrored as the booth will show it (boothSession: a camera facing the visitor is, a back one
  // is not), so the picture does not flip when the app takes over.
  v.classList.toggle('mirrored', stream.getVideoTracks()[0]?.getSettings().facingMode !== 'environment');
  v.srcObject = stream;
  v.play().catch(() => undefined);
  const place = () => {
    if (v.isConnected) return; // the booth's screen has it
    const slot = document.querySelector<HTMLElement>('[data-video-slot]');
    if (!slot) {
      if (document.readyState === 'loading') requestAnimationFrame(place);
      return;
    }
    slot.append(v);
    const show = () => {
      // Only while the page is still the prerendered one (React re-renders the picture itself).
      const picture = slot.closest<HTMLElement>('.booth-picture');
      if (!slot.isConnected || !picture || !v.videoWidth) return;
      picture.parentElement?.style.setProperty('--picture', String(v.videoWidth / v.videoHeight));
      picture.dataset.shown = 'true';
    };
    if (v.videoWidth) show();
    else v.addEventListener('loadedmetadata', show, { once: true });
  };
  place();
}
