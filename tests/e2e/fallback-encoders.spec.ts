import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchWithCamera } from './env';
import { expect, test } from './fixtures';
import { captureSequence } from './helpers/capture';
import { tr } from './i18n';
import { readGif, readMp4, saveFrom, turnMotionOn } from './helpers/motion';

// Every engine a guest brings (issue 51): the motion export's MP4 (WebCodecs H.264) is promised
// only where an encoder really makes a frame, else GIF, said plainly; Web Share gets files alone
// (as iOS needs), else the files download and the button says so. Each fault is SIMULATED in this
// Chromium by an init script that takes the API away or replaces it before the app runs; the fault
// is picked per load from sessionStorage (kept across the reloads of one tab), so one set of
// photos serves every case.

test.use({ launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }) });
test.describe.configure({ timeout: 240_000 });

const en = (key: string, params?: Record<string, string | number>) => tr('en', key, params);

type Fault = 'none' | 'noEncoder' | 'configThrows' | 'encodeFails' | 'iosShare' | 'noShare';

/** Installs the fault named in sessionStorage['fb-fault'] at every load of the page (see above). */
async function installFaults(page: Page) {
  await page.addInitScript(() => {
    const fault = sessionStorage.getItem('fb-fault');
    const w = window as unknown as Record<string, unknown>;
    if (fault === 'noEncoder') {
      // SIMULATED: a browser without WebCodecs' encoder (Safari before 26, Firefox before 130).
      delete w.VideoEncoder;
    } else if (fault === 'configThrows') {
      // SIMULATED: iOS 26.1, whose isConfigSupported throws instead of answering.
      (w.VideoEncoder as { isConfigSupported: unknown }).isConfigSupported = () => {
        throw new TypeError('isConfigSupported is not supported');
      };
    } else if (fault === 'encodeFails') {
      // SIMULATED: Firefox on Linux without an H.264 encoder: it says H.264 is supported, then the
      // first encode() fires the error callback and the encoder closes.
      w.VideoEncoder = class {
        state = 'unconfigured';
        constructor(private init: { error: (e: Error) => void }) {}
        static isConfigSupported = async (config: unknown) => ({ supported: true, config });
        configure() {
          this.state = 'configured';
        }
        encode() {
          queueMicrotask(() => {
            this.state = 'closed';
            this.init.error(new DOMException('Encoding failed', 'EncodingError'));
          });
        }
        async flush() {
          await new Promise((r) => setTimeout(r, 0));
          throw new DOMException('The encoder is closed', 'InvalidStateError');
        }
        close() {
          this.state = 'closed';
        }
      };
    } else if (fault === 'iosShare') {
      // SIMULATED: iOS Safari's Web Share, which shares files only when they come alone: a call
      // with a title or text beside the files fails. Every call's keys and files are recorded.
      const calls: { keys: string[]; files: { name: string; type: string; size: number }[] }[] = [];
      w.shareCalls = calls;
      Object.assign(navigator, {
        canShare: (data?: ShareData) => !!data?.files?.length,
        share: async (data: ShareData) => {
          calls.push({ keys: Object.keys(data).sort(), files: (data.files ?? []).map((f) => ({ name: f.name, type: f.type, size: f.size })) });
          if (data.files?.length && (data.title || data.text || data.url)) throw new TypeError('Files with a title or text are not shared');
        },
      });
    } else if (fault === 'noShare') {
      // SIMULATED: no Web Share at all (Firefox on the desktop), whatever this Chromium offers.
      delete (Navigator.prototype as Partial<Navigator>).share;
      delete (Navigator.prototype as Partial<Navigator>).canShare;
    }
  });
}

/** The next load of the page runs with `fault`. */
async function reloadWith(page: Page, fault: Fault) {
  await page.evaluate((f) => sessionStorage.setItem('fb-fault', f), fault);
  await page.reload();
  await expect(page.getByTestId('motion-panel')).toBeVisible({ timeout: 20_000 });
}

/** Motion on, one shot with a countdown (its burst in), then the strip screen. */
async function shootOneWithMotion(page: Page) {
  await installFaults(page);
  await page.goto('/photobooth');
  await turnMotionOn(page);
  await captureSequence(page, { shots: 1, countdown: 3 });
  await expect(page.getByTestId('motion-loop')).toHaveCount(1, { timeout: 30_000 });
  await page.getByTestId('to-preview').click();
  await expect(page.getByTestId('motion-panel')).toBeVisible({ timeout: 20_000 });
}

/** ffprobe (Debian's, an independent decoder) decodes every frame of the file. */
function ffprobe(bytes: Buffer, ext: string): { codec_name: string; width: number; height: number; nb_read_frames: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pb-fallback-'));
  try {
    const file = join(dir, `file.${ext}`);
    writeFileSync(file, bytes);
    const out = execFileSync('/usr/bin/ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'json', file],
    ]).toString();
    return JSON.parse(out).streams[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('MP4 is offered only where an H.264 encoder really encodes; else the boomerang is a GIF, and the panel says why', async ({ page }) => {
  await shootOneWithMotion(page);
  const panel = page.getByTestId('motion-panel');
  const mp4Radio = panel.getByLabel(en('motion.formats.mp4'));
  const hint = panel.locator('.hint');
  // This Chromium encodes H.264: the probe promises MP4, and no reason is shown.
  await expect(panel).toHaveAttribute('data-format', 'mp4');
  await expect(mp4Radio).toBeEnabled();
  await expect(hint).toHaveCount(0);

  const cases: [Fault, string][] = [
    ['noEncoder', en('motion.mp4Why.noWebCodecs')],
    ['configThrows', en('motion.mp4Why.noH264')],
    ['encodeFails', en('motion.mp4Why.noH264')],
  ];
  for (const [fault, words] of cases) {
    await reloadWith(page, fault);
    // The person reads why: MP4 cannot be made here, so motion is saved as GIF.
    await expect(hint, fault).toHaveText(words);
    await expect(mp4Radio, fault).toBeDisabled();
    await expect(panel.getByLabel(en('motion.formats.gif')), fault).toBeChecked();
    await expect(panel, fault).toHaveAttribute('data-format', 'gif');
    // No error on screen (a throwing isConfigSupported is an answer, not a failure).
    await expect(page.locator('.notice.error'), fault).toHaveCount(0);

    const gif = await saveFrom(page, 'motion-save-1');
    expect(gif.name, fault).toMatch(/-boomerang-1\.gif$/);
    expect(gif.bytes.subarray(0, 6).toString('latin1'), fault).toBe('GIF89a');
    const g = readGif(gif.bytes);
    const f = ffprobe(gif.bytes, 'gif');
    expect(f.codec_name, fault).toBe('gif');
    expect([f.width, f.height], fault).toEqual([g.width, g.height]);
    expect(Number(f.nb_read_frames), `${fault}: frames ffprobe decoded`).toBe(g.frames);
    expect(g.frames, fault).toBeGreaterThanOrEqual(15);
    await expect(panel.getByRole('status'), fault).toHaveText(en('strip.downloaded', { name: gif.name }));
  }
});

test('an odd-sized picture is encoded as MP4 at even sides, which a decoder reads', async ({ page }) => {
  await page.goto('/photobooth');
  // A boomerang of made-up frames at 721 × 405 (odd both ways) through the app's own motion worker.
  const made = await page.evaluate(() => window.__pbTest!.motion.encodeMadeUp(721, 405, 'mp4'));
  const bytes = Buffer.from(made.base64, 'base64');
  expect([made.width, made.height]).toEqual([720, 404]);
  const info = readMp4(bytes);
  expect(info.codec).toBe('avc1');
  expect([info.width, info.height]).toEqual([720, 404]);
  expect(info.samples).toBe(6); // 4 frames there and back
  const f = ffprobe(bytes, 'mp4');
  expect(f.codec_name).toBe('h264');
  expect([f.width, f.height]).toEqual([720, 404]);
  expect(Number(f.nb_read_frames)).toBe(6);
});

test('Web Share gets the files alone (as iOS needs); without Web Share the buttons download and say so', async ({ page }) => {
  await shootOneWithMotion(page);
  await reloadWith(page, 'iosShare');
  await expect(page.getByTestId('strip-canvas')).not.toHaveAttribute('data-renders', '0');
  const calls = () => page.evaluate(() => (window as unknown as { shareCalls: { keys: string[]; files: { name: string; type: string; size: number }[] }[] }).shareCalls);

  // The strip: the share sheet opens with the JPG alone, and nothing falls back or fails.
  await page.getByRole('button', { name: en('share.social'), exact: true }).click();
  await expect.poll(async () => (await calls()).length).toBe(1);
  const [strip] = await calls();
  expect(strip!.keys).toEqual(['files']);
  expect(strip!.files).toHaveLength(1);
  expect(strip!.files[0]!.type).toBe('image/jpeg');
  expect(strip!.files[0]!.size).toBeGreaterThan(10_000);
  await expect(page.getByTestId('share-fallback')).toHaveCount(0);
  await expect(page.getByTestId('share-status')).not.toHaveClass(/error/);

  // Motion: the button says Share; the moving strip and the boomerang go to the sheet, alone.
  const panel = page.getByTestId('motion-panel');
  const motionShare = page.getByTestId('motion-share');
  await expect(motionShare).toHaveText(en('motion.share'));
  await motionShare.click();
  await expect.poll(async () => (await calls()).length, { timeout: 180_000 }).toBe(2);
  const motion = (await calls())[1]!;
  expect(motion.keys).toEqual(['files']);
  expect(motion.files.map((f) => f.name.replace(/^.*-(moving-strip|boomerang-\d)\.(mp4|gif)$/, '$1')).sort()).toEqual(['boomerang-1', 'moving-strip']);
  await expect(motionShare).toBeEnabled();
  await expect(panel.getByRole('status')).toHaveText('');
  await expect(page.locator('.notice.error')).toHaveCount(0);

  // No Web Share: the motion button reads Download and downloads both files; the strip's share
  // offers its download.
  await reloadWith(page, 'noShare');
  await expect(motionShare).toHaveText(en('motion.downloadAll'));
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await motionShare.click();
  await expect(panel.getByRole('status')).toHaveText(en('motion.sharedAsDownloads'), { timeout: 180_000 });
  await expect.poll(() => downloads.length).toBe(2);
  await page.getByRole('button', { name: en('share.social'), exact: true }).click();
  const fallback = page.getByTestId('share-fallback');
  await expect(fallback).toContainText(en('share.linksIntro'));
  const [download] = await Promise.all([page.waitForEvent('download'), fallback.getByRole('button', { name: en('share.download'), exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.jpg$/);
  expect(readFileSync((await download.path())!).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
});
