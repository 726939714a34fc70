import { expect, test } from './fixtures';
import { openBooth } from './drivers/booth';
import { MESSAGE_BROWSER, recordedFor, storedMessageFiles } from './helpers/message';
import { fillQuotaWithFiles, freeQuotaFiles, limitQuota } from './helpers/quota';
import { tr } from './i18n';

/**
 * A video message on a full disk, for real: the browser gives the origin a small quota and the test
 * fills it with files in the origin's private file system (helpers/quota.ts), so the message's file, written as it is recorded, cannot grow. The
 * booth says there is no room for it, keeps nothing, and the next one records once there
 * is room again.
 */
test.use({ ...MESSAGE_BROWSER, allowConsoleErrors: [/^Message failed: QuotaExceededError/] });

test('a message that cannot be written: the booth says so, keeps nothing, and records again once there is room', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const unlimit = await limitQuota(page, new URL(baseURL!).origin, 40 << 20);
  try {
    await openBooth(page);
    expect(await fillQuotaWithFiles(page), 'the filler took the free space').toBeGreaterThan(1 << 20);

    await page.getByTestId('message-record').click();
    const failed = page.getByTestId('message-failed');
    const live = page.getByTestId('message-live');
    // However far it gets (the first pieces may fit): it fails, and says so, rather than review a broken file.
    await expect(failed).toHaveText(tr('en', 'message.full'), { timeout: 60_000 });
    await expect(failed).toHaveAttribute('data-reason', 'full');
    await expect(live).toBeHidden();
    await expect(page.getByTestId('message-review')).toBeHidden();
    await expect(page.getByTestId('message-kept')).toHaveCount(0);
    await expect.poll(() => storedMessageFiles(page), { message: 'nothing of it is left on the device' }).toEqual([]);
    // The shutter is the guest's again.
    await expect(page.getByTestId('start-capture')).toBeEnabled();

    // Room again: the next message records, and the notice goes.
    await freeQuotaFiles(page);
    await page.getByTestId('message-record').click();
    await expect(failed).toBeHidden();
    await expect(live).toHaveAttribute('data-phase', 'recording', { timeout: 30_000 });
    await recordedFor(page, 2);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('message-review')).toBeVisible({ timeout: 30_000 });
    expect(await storedMessageFiles(page)).toHaveLength(1);
  } finally {
    await unlimit();
  }
});
