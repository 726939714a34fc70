import { expect, test } from '@playwright/test';
import { clipFrameUrls, preload } from './harness/clipCamera';
import type { Face } from './harness/ffBooth';
import { boxAround, CORNERS, decode, EYES, photoDiff } from './harness/pictures';
import { launchWebKit, type WebKitSession } from './harness/webkit';
import { blobBytes, openWebKitBooth, selectOption } from './harness/wkBooth';
import { tr } from '../e2e/i18n';

// Face tracking, props, the retouch and a live background in WebKit. (This WebKitGTK gives a worker
// no WebGL, so there the face effects' honest "off" is what is checked.) WebKit's mock camera shows no
// face, so a TEST CAMERA stands in: the face clip (tests/engines/harness/clipCamera.ts) played in a
// canvas stream, put over getUserMedia in the page, and the booth's camera opened again through the
// test seam (WebDriver classic has no preload script, so the booth first opens the mock camera).
// From the stream on, everything is the app's own path in this engine.
test.describe.configure({ mode: 'default', timeout: 150_000 });

let wk: WebKitSession;
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(150_000);
  wk = await launchWebKit({ camera: true });
  await openWebKitBooth(wk, `${baseURL}/photobooth`);
  await wk.execute(preload as (...a: never[]) => unknown, clipFrameUrls() as never, 640 as never, 480 as never);
  await wk.executeAsync(() => window.__pbTest!.reopenCamera());
  await wk.waitFor(() => wk.execute(() => document.querySelector<HTMLVideoElement>('[data-testid="booth-stage"] video')?.videoWidth === 640), 'the test camera in the booth', 30_000);
  await selectOption(wk, 'countdown', '0');
});
test.afterAll(async () => wk?.close());

/** A corner of the photo, far from the face. */
const CORNER = CORNERS[0]!;

/** One shot of the held test camera: the photo's JPEG, read from the tray. */
async function shootHeld(): Promise<Buffer> {
  const before = await wk.execute<string | null>(() => document.querySelector('[data-testid="captured-thumb"]')?.getAttribute('data-photo-id') ?? null);
  await wk.waitFor(() => wk.execute(() => !!document.querySelector('[data-testid="booth-stage"][data-capturing="false"]') && !!document.querySelector('[data-testid="start-capture"]:not([disabled])')), 'the booth idle', 30_000);
  await wk.click('[data-testid="start-capture"]');
  const url = await wk.waitFor(
    () =>
      wk.execute((b: string | null) => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="captured-thumb"] img');
        const id = document.querySelector('[data-testid="captured-thumb"]')?.getAttribute('data-photo-id');
        return img?.src.startsWith('blob:') && id !== b ? img.src : null;
      }, before),
    'the photo',
    60_000,
  );
  return blobBytes(wk, url as string);
}

const choose = async (testId: string) => {
  await wk.click(`[data-testid="${testId}"]`);
};

test('WebKit (test camera): face effects say plainly they are off where this WebKit has no WebGL in workers, else sit on the face; the background segmenter runs', async () => {
  // Whether this engine gives a worker WebGL (MediaPipe copies every image into a WebGL texture):
  // asked here of the engine itself, as the app's own probe (features/vision/support.ts) asks it.
  const workerGl = await wk.executeAsync<boolean>(() => {
    const code = 'try { postMessage(!!new OffscreenCanvas(1, 1).getContext("webgl2")); } catch (e) { postMessage(false); }';
    const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    return new Promise<boolean>((resolve) => (worker.onmessage = (e) => resolve(e.data === true)));
  });
  console.log(`WebKit: WebGL in a worker: ${workerGl}`);
  await choose('prop-sunglasses');
  await wk.waitFor(() => wk.execute(() => document.querySelector('[data-testid="prop-picker"]')?.getAttribute('data-prop') === 'sunglasses'), 'sunglasses chosen');
  if (!workerGl) {
    // WebKitGTK 2.50 here: none. The guest is told, in words, why, and shoots on.
    await wk.waitFor(() => wk.execute(() => document.querySelector('[data-testid="props-unavailable"]')?.textContent ?? null), 'the props notice', 60_000);
    expect(await wk.text('[data-testid="props-unavailable"]')).toBe(tr('en', 'props.unavailableWebgl'));
    await choose('beauty-enable');
    await wk.waitFor(() => wk.execute(() => document.querySelector('[data-testid="beauty-unavailable"]')?.textContent ?? null), 'the retouch notice', 60_000);
    expect(await wk.text('[data-testid="beauty-unavailable"]')).toContain(tr('en', 'beauty.reasons.webgl'));
    await choose('prop-none');
  } else {
    await wk.waitFor(() => wk.execute(() => window.__pbTest!.landmarks().live.length === 1), 'the face tracked', 90_000);
    // Held: every shot below is of one frame.
    await wk.execute(() => (window as unknown as { __clipCamera: { hold(on: boolean): void } }).__clipCamera.hold(true));
    const glasses = decode(await shootHeld());
    const [face] = await wk.execute<Face[]>(() => window.__pbTest!.landmarks().lastStill);
    expect(face, "the still's landmarks").toHaveLength(478);
    await choose('prop-none');
    const plain = decode(await shootHeld());
    const measured = { eyes: photoDiff(plain, glasses, boxAround(face!, EYES, 0.1)), corner: photoDiff(plain, glasses, CORNER) };
    console.log('WebKit sunglasses in the photo:', measured);
    expect(measured.eyes, 'the photo has the sunglasses over the eyes').toBeGreaterThan(30);
    expect(measured.corner, 'nothing changes far from the face').toBeLessThan(2);
    await wk.execute(() => (window as unknown as { __clipCamera: { hold(on: boolean): void } }).__clipCamera.hold(false));
  }

  await choose('background-blur');
  await wk.waitFor(
    () => wk.execute(() => document.querySelector('[data-testid="background-picker"]')?.getAttribute('data-model') === 'ready' || !!document.querySelector('[data-testid="background-model-failed"]')),
    'the segmenter',
    60_000,
  );
  const failed = await wk.execute<string | null>(() => document.querySelector('[data-testid="background-model-failed"]')?.textContent ?? null);
  console.log(`WebKit background: ${failed ?? 'ready'}`);
  expect(failed, 'the segmenter loads').toBeNull();
  await wk.waitFor(() => wk.execute(() => window.__pbTest!.segmentationTimes().length > 0), 'a person mask', 30_000);
  await choose('background-none');
  expect(await wk.errors()).toEqual([]);
});
