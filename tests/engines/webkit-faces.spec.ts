import { expect, test } from '@playwright/test';
import jpeg from 'jpeg-js';
import { clipFrameUrls, preload } from './harness/clipCamera';
import { launchWebKit, type WebKitSession } from './harness/webkit';
import { openWebKitBooth } from './harness/wkBooth';
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
  await wk.execute(() => {
    const s = document.querySelector<HTMLSelectElement>('[data-testid="countdown"]')!;
    s.value = '0';
    s.dispatchEvent(new Event('change', { bubbles: true }));
  });
});
test.afterAll(async () => wk?.close());

type Face = { x: number; y: number }[];
type Region = [number, number, number, number];
const EYES = [33, 133, 159, 145, 263, 362, 386, 374];
const CORNER: Region = [0, 0, 0.12, 0.12];

function boxAround(face: Face, ids: number[], grow: number): Region {
  const xs = ids.map((i) => face[i]!.x);
  const ys = ids.map((i) => face[i]!.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const gx = (x1 - x0) * grow;
  const gy = (y1 - y0) * grow;
  return [Math.max(0, x0 - gx), Math.max(0, y0 - gy), Math.min(1, x1 + gx), Math.min(1, y1 + gy)];
}

const decode = (bytes: Buffer) => jpeg.decode(bytes, { useTArray: true });
type Img = ReturnType<typeof decode>;
function diff(a: Img, b: Img, [x0, y0, x1, y1]: Region): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(y0 * a.height); y < Math.round(y1 * a.height); y++) {
    for (let x = Math.round(x0 * a.width); x < Math.round(x1 * a.width); x++) {
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      n += 3;
    }
  }
  return sum / Math.max(1, n);
}

/** One shot of the held test camera: the photo's JPEG, read from the tray. */
async function shootHeld(): Promise<Buffer> {
  const before = await wk.execute<string | null>(() => document.querySelector('[data-testid="captured-thumb"]')?.getAttribute('data-photo-id') ?? null);
  await wk.waitFor(() => wk.execute(() => !!document.querySelector('[data-testid="booth-stage"][data-capturing="false"]') && !!document.querySelector('[data-testid="start-capture"]:not([disabled])')), 'the booth idle', 30_000);
  await wk.click('[data-testid="start-capture"]');
  const b64 = await wk.waitFor(
    () =>
      wk.executeAsync(async (b: string | null) => {
        const img = document.querySelector('[data-testid="captured-thumb"] img') as HTMLImageElement | null;
        const id = document.querySelector('[data-testid="captured-thumb"]')?.getAttribute('data-photo-id');
        if (!img?.src.startsWith('blob:') || id === b) return null;
        const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
        let s = '';
        for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(s);
      }, before),
    'the photo',
    60_000,
  );
  return Buffer.from(b64 as string, 'base64');
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
    const measured = { eyes: diff(plain, glasses, boxAround(face!, EYES, 0.1)), corner: diff(plain, glasses, CORNER) };
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
