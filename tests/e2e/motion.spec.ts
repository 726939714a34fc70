import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { launchWithCamera } from './env';
import { expect, expectAccessible, test } from './fixtures';
import { captureSequence } from './helpers/capture';
import { tr } from './i18n';
import { frameVsFrame, frameVsStill, readGif, readMp4, saveFrom, turnMotionOn } from './helpers/motion';
import { expectOverlayStrip, keepOverlayDesign, mp4Frame, THREE_WINDOWS } from './helpers/designs';

// Motion: every shot keeps a burst from the live preview, plays as a boomerang, and is saved as a
// real MP4 (H.264, parsed box by box) or GIF (block by block), whose shutter frame is the photo.
test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 240_000 });

type Photos = Awaited<ReturnType<typeof photos>>;
const photos = (page: Page) => page.evaluate(() => window.__pbTest!.photos());

/** Motion on, `shots` shots with a 3 s countdown, every burst in; back with the session's photos. */
async function shootWithMotion(page: Page, shots: number, filterId?: string): Promise<Photos> {
  await page.goto('/photobooth');
  await turnMotionOn(page);
  await captureSequence(page, { shots, countdown: 3, filterId });
  await expect(page.getByTestId('motion-loop')).toHaveCount(shots, { timeout: 30_000 });
  return photos(page);
}

async function toPreview(page: Page) {
  await page.getByTestId('to-preview').click();
  await expect(page.getByTestId('motion-panel')).toBeVisible({ timeout: 20_000 });
}

test('motion on: each shot keeps a moving burst; its MP4 and GIF are valid files whose shutter frame is the photo', async ({ page, requests, baseURL }) => {
  // Sepia, and the preview mirrored while photos are not: every burst frame must be sepia and
  // turned the photos' way, like the still (checked on the frames beside the shutter's below).
  const taken = await shootWithMotion(page, 2, 'sepia');
  for (const [i, p] of taken.entries()) {
    const m = p.motion!;
    expect(m, `shot ${i + 1} has a burst`).toBeTruthy();
    expect(m.frames, `shot ${i + 1}: frames`).toBeGreaterThanOrEqual(15);
    // Fresh preview frames, not one picture repeated (21–23 of the 23 here alone; as few as 3 in a
    // loaded CI run, when the preview itself draws a few frames a second).
    expect(m.distinct, `shot ${i + 1}: distinct frames`).toBeGreaterThanOrEqual(3);
    expect(Math.max(m.width, m.height)).toBe(720);
    expect(m.width / m.height).toBeCloseTo(p.width / p.height, 1);
  }
  // The booth plays each shot as a loop: the canvas shows different frames over time.
  const loop = page.getByTestId('motion-loop').first();
  const shown = new Set<string>();
  await expect.poll(async () => shown.add((await loop.getAttribute('data-shown')) ?? '').size, { timeout: 10_000 }).toBeGreaterThan(3);

  await toPreview(page);
  const panel = page.getByTestId('motion-panel');
  await expect(panel).toHaveAttribute('data-format', 'mp4');
  const m = taken[0]!.motion!;
  const loopFrames = 2 * m.frames - 2;

  const mp4 = await saveFrom(page, 'motion-save-1');
  expect(mp4.name).toMatch(/^photobooth-\d{4}-\d\d-\d\d-\d{4}-boomerang-1\.mp4$/);
  const info = readMp4(mp4.bytes);
  expect(info.handler).toBe('vide');
  expect(info.codec).toBe('avc1');
  expect([info.width, info.height]).toEqual([m.width, m.height]);
  expect(info.samples).toBe(loopFrames);
  expect(Math.abs(info.seconds - loopFrames / m.fps) / (loopFrames / m.fps), `duration ${info.seconds}s`).toBeLessThan(0.1);
  const mp4Shutter = (await frameVsStill(page, mp4.bytes, 'video/mp4', m.shutterIndex, m.fps, 0)).diff;
  expect(mp4Shutter, 'MP4 shutter frame vs the photo').toBeLessThan(5);
  // The measure tells frames apart: a frame of the burst from before the shutter is far from the
  // photo. Not always its first (0.7 s earlier): the clip loops every second, and under load the
  // preview draws a few frames a second, so the first can be a whole loop back, close to the
  // shutter's picture (seen in CI: 2.2 against a shutter's 1.7). Of three frames spread over the
  // 0.7 s, the farthest is (here, alone on two cores: 21-39 against the shutter frame's 1.7).
  const early = [0, Math.floor(m.shutterIndex / 3), Math.floor((2 * m.shutterIndex) / 3)];
  const earlyDiffs: number[] = [];
  for (const k of early) earlyDiffs.push((await frameVsStill(page, mp4.bytes, 'video/mp4', k, m.fps, 0)).diff);
  expect(Math.max(...earlyDiffs), `MP4 frames ${early.join(', ')} vs the photo: ${earlyDiffs.map((d) => d.toFixed(1)).join(', ')}`).toBeGreaterThan(mp4Shutter * 3);
  // The preview's frames on either side of the shutter (67 ms away) are turned the photo's way
  // (nearer the photo than its mirror image: measured ~2 against ~59) and carry its filter (as warm
  // as the sepia photo, red minus blue within 5 levels). Under load the frame before the shutter
  // can be the preview's last one from a few hundred ms earlier, so the bounds are relative.
  for (const k of [m.shutterIndex - 1, m.shutterIndex + 1]) {
    const { diff, warmth } = await frameVsStill(page, mp4.bytes, 'video/mp4', k, m.fps, 0);
    const mirrored = (await frameVsStill(page, mp4.bytes, 'video/mp4', k, m.fps, 0, true)).diff;
    expect(diff, `MP4 frame ${k} vs the photo, against its mirror image`).toBeLessThan(mirrored * 0.7);
    expect(Math.abs(warmth[0] - warmth[1]), `MP4 frame ${k}: warmth ${warmth[0]} vs the photo's ${warmth[1]}`).toBeLessThan(5);
  }

  await page.getByLabel('GIF').check();
  await expect(panel).toHaveAttribute('data-format', 'gif');
  const gif = await saveFrom(page, 'motion-save-2');
  expect(gif.name).toMatch(/-boomerang-2\.gif$/);
  const g = readGif(gif.bytes);
  const m2 = taken[1]!.motion!;
  expect([g.width, g.height]).toEqual([m2.width, m2.height]);
  expect(g.frames).toBe(2 * m2.frames - 2);
  expect(g.frames).toBeGreaterThanOrEqual(15);
  expect(g.loops).toBe(true);
  const gifShutter = (await frameVsStill(page, gif.bytes, 'image/gif', m2.shutterIndex, m2.fps, 1)).diff;
  expect(gifShutter, 'GIF shutter frame vs the photo').toBeLessThan(8);

  expectOnlyOwn(requests, baseURL!);
});

function expectOnlyOwn(requests: { url: string }[], origin: string) {
  const foreign = requests.filter((r) => !/^(data|blob):/.test(r.url) && new URL(r.url).origin !== new URL(origin).origin);
  expect(foreign.map((r) => r.url)).toEqual([]);
}

test('bursts survive a reload; the moving strip plays in the preview, saves as an MP4 of the strip, goes into the ZIP and is shared', async ({ page }) => {
  await shootWithMotion(page, 2);
  await toPreview(page);
  // The bursts are saved with the session: a reload still has both loops.
  await page.reload();
  await expect(page.getByTestId('motion-loop')).toHaveCount(2, { timeout: 20_000 });
  // Each loop stands where its photo would, with its id (the preview lists the shots in order).
  await expect(page.getByTestId('preview-photo')).toHaveCount(2);
  await page.getByTestId('motion-play').click();
  const moving = page.getByTestId('moving-strip');
  await expect(moving).toBeVisible({ timeout: 120_000 });
  // It plays: the video's clock moves.
  await expect.poll(() => moving.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  const strip = await saveFrom(page, 'motion-save-strip');
  const info = readMp4(strip.bytes);
  expect(strip.name).toMatch(/-moving-strip\.mp4$/);
  expect(info.codec).toBe('avc1');
  expect(Math.max(info.width, info.height)).toBe(1280);
  // The classic strip is 2×6 inches: the movie has its shape.
  expect(info.width / info.height).toBeCloseTo(2 / 6, 2);
  expect(info.samples).toBeGreaterThanOrEqual(28);
  // Every cell moves and nothing else does: the first cell between the loop's first frame and the
  // shutter's, against the strip's side margin (background only).
  // Several later frames (a loaded machine can give a burst a few repeated frames, and a seek can
  // show its frame a moment late): the cell moves in at least one, the margin in none.
  const fps = 15;
  const later = [7, 11, 15];
  const cells: number[] = [];
  const margins: number[] = [];
  for (const b of later) {
    cells.push(await frameVsFrame(page, strip.bytes, 'video/mp4', fps, 0, b, [0.2, 0.06, 0.8, 0.4]));
    margins.push(await frameVsFrame(page, strip.bytes, 'video/mp4', fps, 0, b, [0, 0, 0.05, 1]));
  }
  expect(Math.max(...cells), `the first cell moves (${cells.map((c) => c.toFixed(1)).join(', ')})`).toBeGreaterThan(5);
  expect(Math.max(...margins), 'the margin stays').toBeLessThan(1.5);
  // The ZIP holds the moving strip and each boomerang beside the JPGs (the strip's MP4 made once).
  const zip = await saveFrom(page, 'download-all');
  const names = Object.keys(unzipSync(new Uint8Array(zip.bytes)));
  for (const end of ['-moving-strip.mp4', '-boomerang-1.mp4', '-boomerang-2.mp4', '-strip.jpg', '-photo-1.jpg']) {
    expect(names.some((n) => n.endsWith(end)), `${end} in ${names.join(', ')}`).toBe(true);
  }
  // Share motion. This Chromium has no Web Share: the three files are downloaded, and the panel says so.
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.getByTestId('motion-share').click();
  await expect(page.getByTestId('motion-panel').getByRole('status')).toHaveText(tr('en', 'motion.sharedAsDownloads'));
  await expect.poll(() => downloads.length).toBe(3);
  expect(downloads.map((n) => n.replace(/^.*-(moving-strip|boomerang-\d)\.mp4$/, '$1')).sort()).toEqual(['boomerang-1', 'boomerang-2', 'moving-strip']);
  // With Web Share (simulated: a recording navigator.share), the same files go to the share sheet.
  // The first tap is refused as a sheet is when the tap's permission ran out during a long encode
  // (NotAllowedError): the panel asks for a second tap, which shares.
  type Shared = { name: string; type: string; size: number }[];
  await page.evaluate(() => {
    const w = window as unknown as { shared: Shared; refused: number };
    w.shared = [];
    w.refused = 0;
    Object.assign(navigator, {
      canShare: (data: { files?: File[] }) => !!data.files?.length,
      share: async (data: { files: File[] }) => {
        if (w.refused++ === 0) throw new DOMException('The tap has expired', 'NotAllowedError');
        w.shared.push(...data.files.map((f) => ({ name: f.name, type: f.type, size: f.size })));
      },
    });
  });
  await page.getByTestId('motion-share').click();
  await expect(page.getByTestId('motion-panel').getByRole('status')).toHaveText(tr('en', 'motion.shareAgain'));
  await page.getByTestId('motion-share').click();
  const shared = () => page.evaluate(() => (window as unknown as { shared: Shared }).shared);
  await expect.poll(async () => (await shared()).length).toBe(3);
  expect((await shared()).map((f) => f.name).sort()).toEqual([...downloads].sort());
  expect((await shared()).every((f) => f.type === 'video/mp4' && f.size > 10_000)).toBe(true);
  expect(downloads, 'nothing more downloaded').toHaveLength(3);
  // A change to the design stops the movie (it would no longer be this strip).
  await page.getByLabel(tr('en', 'strip.layouts.grid'), { exact: true }).check();
  await expect(moving).toHaveCount(0);
  await expectAccessible(page);
});

test('cancelling an export stops it and leaves no worker behind', async ({ page }) => {
  await shootWithMotion(page, 1);
  await toPreview(page);
  await page.getByLabel('GIF').check();
  const client = await page.context().newCDPSession(page);
  const heap = async () => {
    await client.send('HeapProfiler.collectGarbage');
    return (await client.send('Runtime.getHeapUsage')).usedSize;
  };
  const before = await heap();
  const encoders = () => page.workers().filter((w) => w.url().includes('motion.worker')).length;
  await page.getByTestId('motion-save-strip').click();
  await expect(page.getByTestId('motion-progress')).toBeVisible();
  await expect.poll(encoders).toBe(1);
  await page.getByTestId('motion-cancel').click();
  await expect(page.getByTestId('motion-progress')).toHaveCount(0);
  await expect(page.getByTestId('motion-panel').getByRole('status')).toHaveText('Cancelled.');
  await expect.poll(encoders, { message: 'the encoder worker is gone' }).toBe(0);
  expect((await heap()) - before, 'page heap after a cancelled export').toBeLessThan(2_000_000);
});

test('motion off: no burst; without OffscreenCanvas motion says why and photos still work (simulated: removed by an init script)', async ({ page }) => {
  await page.goto('/photobooth');
  await captureSequence(page, { shots: 1, countdown: 0 });
  expect((await photos(page))[0]!.motion).toBeUndefined();
  await expect(page.getByTestId('motion-loop')).toHaveCount(0);

  await page.addInitScript(() => {
    // @ts-expect-error: a browser without OffscreenCanvas (older Safari), simulated.
    delete window.OffscreenCanvas;
  });
  await page.reload();
  await expect(page.getByTestId('motion-on')).toBeDisabled({ timeout: 15_000 });
  await expect(page.getByTestId('motion-why')).toContainText('OffscreenCanvas');
  await captureSequence(page, { shots: 1, countdown: 0 });
  expect((await photos(page))[0]!.motion).toBeUndefined();
});

test('without WebCodecs, MP4 says why and motion is made as GIF (simulated: VideoEncoder removed by an init script)', async ({ page }) => {
  await page.addInitScript(() => {
    // @ts-expect-error: a browser without WebCodecs' encoder, simulated.
    delete window.VideoEncoder;
  });
  await shootWithMotion(page, 1);
  await toPreview(page);
  const panel = page.getByTestId('motion-panel');
  await expect(panel).toHaveAttribute('data-format', 'gif');
  await expect(page.getByLabel('MP4 video')).toBeDisabled();
  await expect(panel).toContainText('WebCodecs');
  const gif = await saveFrom(page, 'motion-save-1');
  expect(gif.name).toMatch(/-boomerang-1\.gif$/);
  expect(readGif(gif.bytes).frames).toBeGreaterThanOrEqual(15);
});

test("the moving strip of a design of one's own has the host's overlay in its frames, the bursts in its windows", async ({ page }) => {
  await shootWithMotion(page, 3);
  await toPreview(page);
  await keepOverlayDesign(page, 'Our wedding');
  await page.reload();
  await page.getByLabel('Our wedding', { exact: true }).check();
  await expect(page.getByTestId('strip-canvas')).toHaveAttribute('data-drawn-layout', /^my-/);
  await page.getByTestId('motion-play').click();
  await expect(page.getByTestId('moving-strip')).toBeVisible({ timeout: 120_000 });
  const strip = await saveFrom(page, 'motion-save-strip');
  const info = readMp4(strip.bytes);
  expect(info.width / info.height).toBeCloseTo(2 / 6, 2);
  // H.264 smears colour at edges more than a JPEG: a looser tolerance, the same margins.
  for (const frame of [0, 8]) expectOverlayStrip(await mp4Frame(page, strip.bytes, frame, 15), THREE_WINDOWS, 45);
});

test('the burst worker belongs to the booth’s visit: it starts with a shot with motion and goes when the visitor leaves the booth', async ({ page }) => {
  const burstWorkers = () => page.workers().filter((w) => /\/frames\.worker-[^/]+\.js$/.test(new URL(w.url()).pathname)).length;
  await page.goto('/photobooth');
  await turnMotionOn(page);
  expect(burstWorkers(), 'no burst worker before a shot').toBe(0);
  await captureSequence(page, { shots: 1, countdown: 0 });
  await expect(page.getByTestId('motion-loop')).toHaveCount(1, { timeout: 30_000 });
  expect(burstWorkers(), 'the burst was made in its worker').toBe(1);
  await page.getByRole('link', { name: tr('en', 'nav.homeLabel') }).click();
  await expect(page).toHaveURL(/\/$/);
  // Gone with the booth's visit (the session's dispose), not left for its idle close 10 s after the burst.
  await expect.poll(burstWorkers, { timeout: 4_000, message: 'the burst worker goes with the booth' }).toBe(0);
});
