import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { beepOnsets, flashSpan, keepAndDownload, letFakeDevicesKeepTime, MESSAGE_SYNC_BROWSER, probe, record, videoFigures } from './helpers/message';

/**
 * A video message's sound and picture stay together (issue 53): the sync fixtures put a flash in
 * every 4 s of picture and a beep in every 4 s of sound; the camera and the microphone start at
 * different moments, so the offset between them is arbitrary, but it must not change from the
 * start of a message to its end. Runs alone (the "alone" project, after the others). The flash is
 * half a second long (longFlashClip): a message is drawn at the camera's 1280×720, of which a
 * software GPU draws a few frames a second.
 */
test.use(MESSAGE_SYNC_BROWSER);
// The review's player can ask for its recording once more as it goes (Keep), after its blob: URL
// was let go; Chromium logs that load as ERR_FILE_NOT_FOUND (as message-event allows too).
test.use({ allowConsoleErrors: [/ERR_FILE_NOT_FOUND/] });

test('a 10 s message: H.264 and sound, its length, the two streams as long, and a beep every 4.0 s of its sound', async ({ page }) => {
  test.setTimeout(240_000);
  await openBooth(page, { drawn: true });
  const took = await record(page, 10);
  await expect(page.getByTestId('message-format')).toContainText('MP4');
  const file = await keepAndDownload(page);
  expect(file).toMatch(/\.mp4$/);

  const p = probe(file);
  expect(p.video?.codec).toBe('h264');
  expect(['aac', 'opus']).toContain(p.audio?.codec);
  expect(Math.abs(p.duration - took) / took, `duration ${p.duration} vs ${took.toFixed(2)} s recorded`).toBeLessThan(0.05);
  expect(Math.abs(p.video!.duration - p.audio!.duration), 'the two streams last as long').toBeLessThan(0.2);

  const v = videoFigures(file);
  const beeps = beepOnsets(file, p.audio!.start);
  const gaps = v.times.slice(1).map((t, i) => t - v.times[i]!);
  console.log(`message: ${JSON.stringify(p)}; recorded for ${took.toFixed(2)} s; ${v.times.length} frames, longest gap ${(Math.max(...gaps) * 1000).toFixed(0)} ms`);
  console.log('flashes', v.flashes.map((t) => t.toFixed(3)).join(' '), '| beeps', beeps.map((t) => t.toFixed(3)).join(' '));
  expect(beeps.length, 'a beep every 4 s of a 10 s message').toBeGreaterThanOrEqual(2);
  for (let i = 1; i < beeps.length; i++) expect(Math.abs(beeps[i]! - beeps[i - 1]! - 4), 'beeps 4.0 s apart').toBeLessThanOrEqual(0.05);
  expect(v.flashes.length, 'the flashes are in the picture').toBeGreaterThanOrEqual(2);
});

// The fake devices lose time when starved of CPU (see letFakeDevicesKeepTime): the check runs
// with the page's drawing at a lower priority than they, as a camera and a microphone with
// hardware clocks would be.
test('a message’s flashes come every 4.0 s and keep their offset to the beeps from start to end', async ({ page }) => {
  test.setTimeout(240_000);
  await openBooth(page, { drawn: true });
  letFakeDevicesKeepTime();
  await record(page, 10);
  const file = await keepAndDownload(page);
  const p = probe(file);
  const v = videoFigures(file);
  const beeps = beepOnsets(file, p.audio!.start);
  expect(v.flashes.length, 'a flash every 4 s of a 10 s message').toBeGreaterThanOrEqual(2);
  expect(beeps.length, 'a beep every 4 s of a 10 s message').toBeGreaterThanOrEqual(2);
  // A flash began after the frame before its first white one: 4.0 s between two must lie within
  // what their frames allow, give or take 50 ms.
  for (let i = 1; i < v.flashes.length; i++) {
    const { least, most } = flashSpan(v, v.flashes[i - 1]!, v.flashes[i]!);
    expect(4, `flashes ${least.toFixed(3)}–${most.toFixed(3)} s apart`).toBeGreaterThanOrEqual(least - 0.05);
    expect(4, `flashes ${least.toFixed(3)}–${most.toFixed(3)} s apart`).toBeLessThanOrEqual(most + 0.05);
  }
  for (let i = 1; i < beeps.length; i++) expect(Math.abs(beeps[i]! - beeps[i - 1]! - 4), 'beeps 4.0 s apart').toBeLessThanOrEqual(0.05);
  // Both fixtures loop every 4 s: a flash's offset to the beeps is taken modulo 4 s (the nearest
  // beep of a flash late in the message may belong to the loop before). From the first flash to
  // the last, the offset may move only by what their frames leave open, and 100 ms more.
  const offset = (flash: number) => (((beeps[0]! - flash) % 4) + 4) % 4;
  const first = offset(v.flashes[0]!);
  const last = offset(v.flashes.at(-1)!);
  const drift = ((last - first + 6) % 4) - 2;
  const { least, most } = flashSpan(v, v.flashes[0]!, v.flashes.at(-1)!);
  const open = (most - least) / 2;
  console.log(`sync: flashes ${v.flashes.map((t) => t.toFixed(3)).join(' ')} | beeps ${beeps.map((t) => t.toFixed(3)).join(' ')} | drift ${(drift * 1000).toFixed(0)} ms (frames leave ${(open * 1000).toFixed(0)} ms open)`);
  expect(Math.abs(drift), `flash-to-beep offset ${first.toFixed(3)} s at the start, ${last.toFixed(3)} s at the end`).toBeLessThanOrEqual(0.1 + open);
});
