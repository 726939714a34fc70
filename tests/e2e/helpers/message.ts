import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { clip, launchWithCamera } from '../env';
import { mjpegFrames } from './mjpeg';

/** The sync fixtures as camera and microphone, both granted, downloads kept (every message spec uses them). */
export const MESSAGE_BROWSER = {
  launchOptions: launchWithCamera({ clip: 'message-sync-1280x720.mjpeg', audio: 'message-sync.wav' }),
  permissions: ['camera', 'microphone'],
  acceptDownloads: true,
};

/**
 * The sync clip with its flash half a second long (frames 60–74 white, still at 2.000 s of each 4 s
 * loop): a message is drawn at the camera's size, and a software GPU draws 3–8 such frames a
 * second, which a two-frame flash falls between. ../shared is read-only: written to the machine's
 * temporary folder (once; renamed into place, so a browser never reads half a file).
 */
export function longFlashClip(): string {
  const dir = join(tmpdir(), 'photobooth-fixtures');
  const out = join(dir, 'message-sync-long-flash-1280x720.mjpeg');
  if (existsSync(out)) return out;
  const frames = mjpegFrames(clip('message-sync-1280x720.mjpeg'));
  const white = frames[60]!;
  mkdirSync(dir, { recursive: true });
  const tmp = `${out}.${process.pid}`;
  writeFileSync(tmp, Buffer.concat(frames.map((f, i) => (i >= 60 && i < 75 ? white : f))));
  renameSync(tmp, out);
  return out;
}

/** The sync fixtures with the long flash (longFlashClip), for the specs that time the flashes. */
export const MESSAGE_SYNC_BROWSER = {
  ...MESSAGE_BROWSER,
  launchOptions: launchWithCamera({ clip: longFlashClip(), audio: 'message-sync.wav' }),
};

/**
 * How far apart two flashes can have begun: each began after the frame before its first white one
 * (a message's frames are as far apart as the device could draw them), so between flashes `a` and
 * `b` lie at least (b's frame before − a) and at most (b − a's frame before).
 */
export function flashSpan(v: VideoFigures, a: number, b: number): { least: number; most: number } {
  const before = (t: number) => v.times[v.times.indexOf(t) - 1] ?? 0;
  return { least: before(b) - a, most: b - before(a) };
}

/**
 * Video messages as a person's player reads them: Debian's ffprobe and ffmpeg (nobody here wrote
 * them) give the streams, their durations, each video frame's time and pixels, and the sound.
 */
export interface Probe {
  format: string;
  duration: number;
  video?: { codec: string; width: number; height: number; duration: number; start: number };
  audio?: { codec: string; duration: number; start: number; sampleRate: number };
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { maxBuffer: 1 << 30 });

export function probe(file: string): Probe {
  const out = JSON.parse(run('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]).toString()) as {
    format: { format_name: string; duration: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; duration?: string; start_time?: string; sample_rate?: string }[];
  };
  const num = (s: string | undefined) => (s === undefined ? NaN : Number(s));
  const v = out.streams.find((s) => s.codec_type === 'video');
  const a = out.streams.find((s) => s.codec_type === 'audio');
  return {
    format: out.format.format_name,
    duration: num(out.format.duration),
    video: v && { codec: v.codec_name, width: v.width!, height: v.height!, duration: num(v.duration), start: num(v.start_time) || 0 },
    audio: a && { codec: a.codec_name, duration: num(a.duration), start: num(a.start_time) || 0, sampleRate: num(a.sample_rate) },
  };
}

/** Each video frame's presentation time (s), in decode order as ffmpeg outputs them. */
function frameTimes(file: string): number[] {
  const out = run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time,best_effort_timestamp_time', '-of', 'csv=p=0', file]).toString();
  return out
    .trim()
    .split('\n')
    .map((l) => Number(l.split(',').find((x) => x && x !== 'N/A')));
}

/** The time of the file's last sound packet, in seconds (a file cut short ends its sound early too). */
export function lastAudioTime(file: string): number {
  const out = run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file]).toString();
  return Number(out.trim().split('\n').at(-1));
}

/** Every frame as small RGB (w×h), in the same order as frameTimes. */
function framesRgb(file: string, w: number, h: number): Uint8Array[] {
  const raw = run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v:0', '-fps_mode', 'passthrough', '-vf', `scale=${w}:${h}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  const size = w * h * 3;
  return Array.from({ length: Math.floor(raw.length / size) }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

export interface VideoFigures {
  times: number[];
  /** Start times (s) of each run of white frames (median luma over 240). */
  flashes: number[];
  /**
   * Over the frames that are not flashes: the mean channel spread (|R−G| + |G−B|), and the median
   * of each frame's mean luma in `region` (a frame or two with the face elsewhere moves it little).
   */
  spread: number;
  regionLuma: number;
}

export function videoFigures(file: string, region: [number, number, number, number] = [0, 0, 1, 1]): VideoFigures {
  const W = 64;
  const H = 36;
  const times = frameTimes(file);
  const frames = framesRgb(file, W, H);
  expect(frames.length, 'ffmpeg decodes as many frames as ffprobe lists').toBe(times.length);
  const flashes: number[] = [];
  let spread = 0;
  const regionLumas: number[] = [];

  let counted = 0;
  let wasWhite = false;
  frames.forEach((f, i) => {
    const lumas: number[] = [];
    for (let p = 0; p < f.length; p += 3) lumas.push(0.299 * f[p]! + 0.587 * f[p + 1]! + 0.114 * f[p + 2]!);
    const median = [...lumas].sort((a, b) => a - b)[lumas.length >> 1]!;
    const white = median > 240;
    if (white && !wasWhite) flashes.push(times[i]!);
    wasWhite = white;
    if (white) return;
    counted++;
    let s = 0;
    for (let p = 0; p < f.length; p += 3) s += Math.abs(f[p]! - f[p + 1]!) + Math.abs(f[p + 1]! - f[p + 2]!);
    spread += s / (f.length / 3);
    const [x0, y0, x1, y1] = region;
    let r = 0;
    let n = 0;
    for (let y = Math.floor(y0 * H); y < Math.ceil(y1 * H); y++)
      for (let x = Math.floor(x0 * W); x < Math.ceil(x1 * W); x++) {
        r += lumas[y * W + x]!;
        n++;
      }
    regionLumas.push(r / Math.max(1, n));
  });
  const median = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1] ?? NaN;
  return { times, flashes, spread: spread / Math.max(1, counted), regionLuma: median(regionLumas) };
}

/** Onsets (s, on the file's timeline) of the loud beeps in the sound: where its 5 ms envelope first passes half its peak after a second below it. */
export function beepOnsets(file: string, start: number): number[] {
  const rate = 48_000;
  const raw = run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-']);
  const samples = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 4));
  const win = rate / 200;
  const env: number[] = [];
  for (let i = 0; i + win <= samples.length; i += win) {
    let m = 0;
    for (let k = i; k < i + win; k++) m = Math.max(m, Math.abs(samples[k]!));
    env.push(m);
  }
  const peak = Math.max(...env);
  const onsets: number[] = [];
  // Loud at the start counts as a beep already begun (not an onset): the first one follows quiet.
  let quietSince = Infinity;
  env.forEach((e, i) => {
    const t = (i * win) / rate;
    if (e >= peak / 2) {
      if (t - quietSince >= 1) onsets.push(start + t);
      quietSince = Infinity;
    } else if (quietSince === Infinity) {
      quietSince = t;
    }
  });
  return onsets;
}

/** The root-mean-square level (0–1) of the sound, all of it. */
export function soundLevel(file: string): number {
  const raw = run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '48000', '-f', 'f32le', '-']);
  const samples = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 4));
  let sum = 0;
  for (const x of samples) sum += x * x;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** The messages the booth left in the origin's private file system. */
export function storedMessageFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names: string[] = [];
    try {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('messages');
      for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    } catch {
      /* none yet */
    }
    return names;
  });
}

/** Waits until the recording's timer shows at least `seconds`. */
export async function recordedFor(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction((s) => {
    const t = document.querySelector('[data-testid="message-timer"]')?.textContent ?? '';
    const m = /(\d+):(\d\d)/.exec(t);
    return !!m && Number(m[1]) * 60 + Number(m[2]) >= s;
  }, seconds, { timeout: (seconds + 30) * 1000 });
}

/**
 * Records a message of about `seconds` (started by the button `start`: the booth's, or an event
 * guest's) and stops it with Space; the time it recorded, as the test saw it.
 */
export async function record(page: Page, seconds: number, start = 'message-record'): Promise<number> {
  await page.getByTestId(start).click();
  const live = page.getByTestId('message-live');
  await expect(live).toHaveAttribute('data-phase', 'recording', { timeout: 30_000 });
  const from = Date.now();
  await recordedFor(page, seconds);
  await page.keyboard.press('Space');
  const took = (Date.now() - from) / 1000;
  await expect(page.getByTestId('message-review')).toBeVisible({ timeout: 30_000 });
  return took;
}

/** Keeps the message under review and downloads it; the file's path. */
export async function keepAndDownload(page: Page): Promise<string> {
  await page.getByTestId('message-keep').click();
  await expect(page.getByTestId('message-review')).toBeHidden();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('message-download').last().click()]);
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/**
 * Chromium's fake camera and microphone are timers that play their files and never catch up once
 * they fall behind ("don't accumulate debt"): starved of CPU for 100 ms, the clip or the sound
 * runs 100 ms late from then on. A real camera and microphone keep time in hardware. On two
 * cores, with the preview drawn by SwiftShader, the fake devices here lost 50–135 ms in one 4 s
 * loop of some messages (measured in the page: flashes delivered 4.135 s apart; the sound's
 * samples 4.05 s apart), which is the fixtures' drift, not the message's. So a test that measures
 * the message's sync lets them keep time: every thread of the renderers and the GPU process of the
 * browser launched with `audio` runs at nice 10, and its camera and microphone services at nice
 * −10 where the machine allows, so the fake devices win the CPU when they want it. This stands in
 * for hardware clocks; the page's own timing is untouched.
 */
export function letFakeDevicesKeepTime(audio = 'message-sync.wav'): void {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args=']).toString().trim().split('\n');
  const procs = rows.map((r) => {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(r)!;
    return { pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! };
  });
  const roots = procs.filter((p) => p.args.includes(`--use-file-for-fake-audio-capture=`) && p.args.includes(audio) && !p.args.includes('--type='));
  expect(roots.length, 'the browser playing the sync sound').toBeGreaterThan(0);
  const mine = new Set(roots.map((r) => r.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) if (mine.has(p.ppid) && !mine.has(p.pid)) grew = !!mine.add(p.pid);
  }
  const threads = (re: RegExp) =>
    procs
      .filter((p) => mine.has(p.pid) && re.test(p.args))
      .flatMap((p) => {
        try {
          return readdirSync(`/proc/${p.pid}/task`);
        } catch {
          return [];
        }
      });
  const drawing = threads(/--type=(renderer|gpu-process)/);
  const devices = threads(/--utility-sub-type=(video_capture|audio)\./);
  expect(drawing.length, 'its renderer and GPU threads').toBeGreaterThan(1);
  expect(devices.length, 'its camera and microphone services').toBeGreaterThan(1);
  execFileSync('renice', ['-n', '10', '-p', ...drawing]);
  // Ahead of the browser's own process too (Chromium runs it at nice −8), where the machine lets a
  // test raise a priority (root here; elsewhere the drawing's nice 10 is all).
  try {
    execFileSync('renice', ['-n', '-10', '-p', ...devices], { stdio: 'ignore' });
  } catch {
    /* not allowed: the fake devices stay at nice 0 */
  }
}
