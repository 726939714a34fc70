/**
 * THE CAMERA FIRST: on the booth's own URL, a tiny script of its own (src/early.ts, loaded async
 * ahead of the app) asks for the camera the moment the page runs, before the screen's code and
 * strings arrive, and shows the picture in the prerendered booth as soon as it plays. The booth
 * session then takes that very stream (CameraController.open) and that very <video>: one video
 * element for the booth, kept out of React's tree (CameraView mounts it into its slot), so the
 * picture never blinks when React takes over the page.
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

let early: { deviceId: string | null; stream: Promise<MediaStream> } | null = null;
let video: HTMLVideoElement | null = null;
/** A stream asked for early that no booth took in this long is let go (the camera light goes off). */
const UNCLAIMED_MS = 15_000;

/** The booth's one <video> (made on first use). */
export function boothVideo(): HTMLVideoElement {
  if (!video) {
    video = document.createElement('video');
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
  return video?.videoWidth ? video.videoWidth / video.videoHeight : null;
}

/** Asks for the camera now (the booth's page, before the app has loaded). */
export function startEarlyCamera(): void {
  if (early || !navigator.mediaDevices?.getUserMedia) return;
  const deviceId = savedCamera();
  const stream = openCamera(deviceId);
  const mine = { deviceId, stream };
  early = mine;
  stream.then(
    (s) => {
      if (early !== mine) return; // taken: the booth shows it
      showEarly(s);
      setTimeout(() => {
        if (early === mine) {
          early = null;
          stopStream(s);
        }
      }, UNCLAIMED_MS);
    },
    () => undefined, // the booth's first open reports the fault
  );
}

/**
 * The stream asked for early, for the booth's first open of the camera `deviceId`; null when none
 * was asked for (or for another camera: that one is stopped).
 */
export function takeEarlyCamera(deviceId: string | null): Promise<MediaStream> | null {
  const taken = early;
  early = null;
  if (!taken) return null;
  if (taken.deviceId === deviceId) return taken.stream;
  taken.stream.then(stopStream, () => undefined);
  return null;
}

/** Plays the stream in the booth's video, in the prerendered page's picture if React has not taken it yet. */
function showEarly(stream: MediaStream): void {
  const v = boothVideo();
  if (v.srcObject) return;
  v.srcObject = stream;
  v.play().catch(() => undefined);
  const slot = document.querySelector<HTMLElement>('[data-video-slot]');
  if (!slot || v.isConnected) return;
  slot.append(v);
  v.addEventListener(
    'loadedmetadata',
    () => {
      // Only while the page is still the prerendered one (React re-renders the picture itself).
      const picture = slot.closest<HTMLElement>('.booth-picture');
      if (!slot.isConnected || !picture || !v.videoWidth) return;
      picture.parentElement?.style.setProperty('--picture', String(v.videoWidth / v.videoHeight));
      picture.dataset.shown = 'true';
    },
    { once: true },
  );
}
