import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { expect, expectAccessible, test } from './fixtures';
import { askToLeave, HOST_PIN, startEvent, tryPin } from './drivers/event';
import { MESSAGE_BROWSER, probe, recordedFor } from './helpers/message';
import { tr } from './i18n';

/**
 * Video messages in event mode (issue 53): the host turns them on with a length and prompt cards;
 * a guest chooses "Video message" instead of "Photos", sees a prompt card while recording, keeps
 * the message and gets it on screen like a strip; it lands in the gallery beside a guest's strip,
 * the ZIP export holds it (ffprobe reads it from the ZIP) byte for byte as the guest's download,
 * and the second screen plays it muted.
 */
test.use({ ...MESSAGE_BROWSER, allowConsoleErrors: [/ERR_FILE_NOT_FOUND/] });

// No file picker (as Safari and Firefox): the export downloads (event.spec does the same).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
});

const PROMPT = 'Any advice for the couple?';

test('a guest’s video message: recorded with a prompt card, kept in the gallery and its ZIP, played muted on the second screen', async ({ page, context }) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'pb-event-message-'));
  await startEvent(page, { shots: 1, countdown: 3, idle: 60, messages: { seconds: 10, prompts: `${PROMPT}\n` } });

  // ---- A guest who takes photos: "Photos" is the pose screen's start. ----
  await page.getByTestId('event-start').click();
  await expect(page.getByTestId('event-go')).toHaveText(tr('en', 'event.photos'));
  await expect(page.getByTestId('event-go')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('event-go').click();
  await expect(page.getByTestId('event-strip')).toHaveAttribute('data-kept', 'kept', { timeout: 90_000 });
  await expect(page.getByTestId('event-strip')).toHaveAttribute('data-kind', 'strip');
  await page.getByTestId('event-done').click();

  // ---- A guest who leaves a message: the host's length, a prompt card above the live picture. ----
  await page.getByTestId('event-start').click();
  await page.getByTestId('event-message').click();
  await expect(page.getByTestId('event-booth')).toHaveAttribute('data-phase', 'message');
  await expect(page.getByTestId('event-prompt')).toContainText(PROMPT);
  const live = page.getByTestId('message-live');
  await expect(live).toHaveAttribute('data-phase', 'recording', { timeout: 30_000 });
  await expect(page.getByTestId('message-timer')).toContainText(tr('en', 'message.timer', { elapsed: '', limit: '0:10' }).trim());
  await expectAccessible(page, 'a guest recording a message');
  // Stopped after a few seconds (Space, as a guest's button would).
  await recordedFor(page, 3);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('message-review')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('event-prompt'), 'the card is gone once the recording is').toHaveCount(0);
  await page.getByTestId('message-keep').click();
  const shown = page.getByTestId('event-strip');
  await expect(shown).toHaveAttribute('data-kind', 'message');
  await expect(shown).toHaveAttribute('data-kept', 'kept', { timeout: 30_000 });
  await expect(page.getByTestId('event-message-video')).toBeVisible();
  await expect(page.getByRole('heading', { name: tr('en', 'event.messageTitle') })).toBeVisible();
  await expect(page.getByTestId('event-print')).toHaveCount(0);
  const [guestFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-download').click()]);
  expect(guestFile.suggestedFilename()).toMatch(/^photobooth-\d{4}-\d{2}-\d{2}-\d{4}-message\.mp4$/);
  const guestBytes = readFileSync((await guestFile.path())!);
  await page.getByTestId('event-done').click();
  await expect(page.getByTestId('event-attract')).toBeVisible();

  // ---- The second screen plays it without sound, between the strips. ----
  const show = await context.newPage();
  await show.goto('/event/show');
  const video = show.locator('video[data-testid="event-show-strip"]');
  await expect(video).toBeVisible({ timeout: 30_000 });
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000, message: 'the message plays' }).toBeGreaterThan(0.5);
  await show.close();

  // ---- The host's gallery: the strip and the message; the ZIP holds both. ----
  await askToLeave(page, 'escape');
  await tryPin(page, HOST_PIN);
  await expect(page).toHaveURL(/\/event$/);
  await expect(page.getByTestId('event-thumb')).toHaveCount(2);
  await expect(page.locator('[data-testid="event-thumb"][data-kind="message"] video')).toHaveCount(1);
  await expectAccessible(page, 'the gallery with a message');
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-export').click()]);
  const files = unzipSync(new Uint8Array(readFileSync((await zip.path())!)));
  const names = Object.keys(files).sort();
  expect(names).toHaveLength(2);
  expect(names[0]).toMatch(/-001\.jpg$/);
  expect(names[1]).toMatch(/-002-message\.mp4$/);
  const fromZip = join(dir, names[1]!);
  writeFileSync(fromZip, files[names[1]!]!);
  expect(Buffer.compare(Buffer.from(files[names[1]!]!), guestBytes), 'the ZIP’s message is the guest’s download, byte for byte').toBe(0);
  const p = probe(fromZip);
  console.log('event message from the ZIP:', JSON.stringify(p));
  expect(p.video?.codec).toBe('h264');
  expect(p.audio, 'recorded with sound').toBeTruthy();
  expect(p.duration).toBeGreaterThan(2.5);
  expect(p.duration).toBeLessThan(10.5);

  // ---- The storage estimate: strips at the strip's own size (the message is not in its average:
  // it was, and said a fraction as many fit), and minutes of messages at what this one weighs. ----
  const fit = page.getByTestId('event-fit');
  await expect(fit).toHaveAttribute('data-message-minutes', /^\d+$/);
  const room = await page.evaluate(async () => {
    const e = await navigator.storage.estimate();
    return e.quota! - e.usage!;
  });
  const strips = Number(await fit.getAttribute('data-fit'));
  const minutes = Number(await fit.getAttribute('data-message-minutes'));
  await expect(fit).toContainText(tr('en', 'event.messagesFit', { n: minutes }));
  const stripBytes = files[names[0]!]!.length;
  console.log(`storage estimate: ${strips} strips of ${stripBytes} B, ${minutes} min of messages (${guestBytes.length} B over ${p.duration} s), ${room} B free`);
  expect(Math.abs(strips / (room / stripBytes) - 1), 'strips at the strip’s size').toBeLessThan(0.02);
  expect(Math.abs(minutes / (room / (guestBytes.length / p.duration) / 60) - 1), 'minutes at the message’s bytes a second').toBeLessThan(0.2);
});
