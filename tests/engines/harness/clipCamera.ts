/**
 * A camera made from a fixture clip, for engines whose own fake camera has no face (Firefox's is a
 * plain moving colour). A preload script, installed before any of the page's own scripts, answers
 * getUserMedia's video with a canvas stream that plays the clip's JPEG frames at 30 fps in a loop;
 * `showOnCamera` puts a picture (a phone's screen) in front of it, as a person holds a phone up to
 * the booth. This simulates the camera: the app's own path from the stream on is the real one.
 */
import type { Page } from 'puppeteer-core';
import { clip } from '../../e2e/env';
import { mjpegFrames } from '../../e2e/helpers/mjpeg';
export { mjpegFrames };

export function preload(frames: string[], width: number, height: number) {
  const images = frames.map((src) => Object.assign(new Image(), { src }));
  let shown: HTMLImageElement | null = null;
  /** Held: the camera shows its last picture and sends no new one (a frozen booth test). */
  let held = false;
  let canvas: HTMLCanvasElement | null = null;
  const start = performance.now();
  const draw = () => {
    if (held) return;
    const ctx = canvas!.getContext('2d')!;
    const frame = images[Math.floor(((performance.now() - start) / 1000) * 30) % images.length];
    if (frame?.complete && frame.naturalWidth) ctx.drawImage(frame, 0, 0, width, height);
    if (shown?.complete && shown.naturalWidth) {
      // The picture held up fills the middle two thirds of the frame's height.
      const h = height * 0.66;
      const w = (shown.naturalWidth / shown.naturalHeight) * h;
      ctx.fillStyle = '#fff';
      ctx.fillRect((width - w) / 2 - 20, (height - h) / 2 - 20, w + 40, h + 40);
      ctx.drawImage(shown, (width - w) / 2, (height - h) / 2, w, h);
    }
  };
  const stream = () => {
    if (!canvas) {
      canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      draw();
      // Timers, not animation frames: they run while the window is in the background too.
      setInterval(draw, 1000 / 30);
    }
    return canvas.captureStream(30);
  };
  const devices = navigator.mediaDevices;
  // Pages with no camera API (about:blank, an insecure origin) keep what they have.
  if (!devices) return;
  const own = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
    if (!constraints?.video) return own(constraints);
    const video = stream();
    if (constraints.audio) for (const t of (await own({ audio: constraints.audio })).getAudioTracks()) video.addTrack(t);
    return video;
  };
  (window as unknown as { __clipCamera: unknown }).__clipCamera = {
    show(src: string | null) {
      shown = src ? Object.assign(new Image(), { src }) : null;
    },
    hold(on: boolean) {
      held = on;
    },
  };
}

/** Every page this tab opens from now on gets `clipName` (a fixture clip) as its camera. */
export async function useClipCamera(page: Page, clipName = 'face-640x480.mjpeg', size = { width: 640, height: 480 }): Promise<void> {
  await page.evaluateOnNewDocument(preload, clipFrameUrls(clipName), size.width, size.height);
}

/** The clip's frames as data: URLs, for `preload` (WebDriver classic has no preload script: WebKit's page runs it itself). */
export function clipFrameUrls(clipName = 'face-640x480.mjpeg'): string[] {
  return mjpegFrames(clip(clipName)).map((f) => `data:image/jpeg;base64,${f.toString('base64')}`);
}

/** Holds a picture (PNG bytes) up to the camera, or takes it away (null). */
export async function showOnCamera(page: Page, png: Uint8Array | null): Promise<void> {
  const src = png ? `data:image/png;base64,${Buffer.from(png).toString('base64')}` : null;
  await page.evaluate((s) => (window as unknown as { __clipCamera: { show(s: string | null): void } }).__clipCamera.show(s), src);
}
