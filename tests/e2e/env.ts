import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** ../shared beside the checkout: fixtures and the model live there, never in the repo. */
export const SHARED = resolve(here, '../../../shared');
export const FIXTURES = resolve(SHARED, 'fixtures');
export const clip = (name: string) => resolve(FIXTURES, 'camera', name);

export const BASE_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

/** A clip for the fake camera, and optionally a WAV (../shared/fixtures/audio) for the fake microphone. */
export type CameraMode = { clip: string; audio?: string } | 'deny' | 'none' | 'pattern';

/** Chromium launch options with a fake camera: a clip, denied permission, or no camera at all. */
export function launchWithCamera(mode: CameraMode = { clip: 'face-640x480.mjpeg' }) {
  const args = [...BASE_ARGS];
  if (mode === 'deny') {
    args.push('--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny');
  } else if (mode === 'none') {
    args.push('--use-fake-ui-for-media-stream');
  } else if (mode === 'pattern') {
    args.push('--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream');
  } else {
    args.push(
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${clip(mode.clip)}`,
    );
    if (mode.audio) args.push(`--use-file-for-fake-audio-capture=${resolve(FIXTURES, 'audio', mode.audio)}`);
  }
  return { executablePath: '/usr/bin/chromium', args };
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}
