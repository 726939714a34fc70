import { chromium, expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { freePort, launchWithCamera } from '../e2e/env';
import { previewServer, ROOT } from './baseline';
import { probe } from './speedProbe';

// TEMPORARY trace harness (not committed): a 4-shot capture traced with CDP tracing.
const EFFECTS = process.env.ZZ_FX === '1';
test('trace a capture', async () => {
  test.setTimeout(600_000);
  const server = await previewServer({ project: ROOT, dist: `${ROOT}/dist` }, await freePort());
  const browser = await chromium.launch(launchWithCamera({ clip: 'face-1280x720.mjpeg' }));
  try {
    for (let run = 0; run < Number(process.env.ZZ_RUNS ?? 2); run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.url, permissions: ['camera'], serviceWorkers: 'block' });
      await context.addInitScript(probe);
      const page = await context.newPage();
      await page.goto('/photobooth');
      await expect(page.getByTestId('booth-stage')).toHaveAttribute('data-camera-status', 'live', { timeout: 30_000 });
      await page.getByTestId('shot-count').selectOption('4');
      await page.getByTestId('countdown').selectOption('3');
      if (EFFECTS) {
        await page.getByTestId('prop-sunglasses').click();
        const panel = page.getByTestId('beauty-panel');
        await page.getByTestId('beauty-enable').check();
        await expect(panel).toHaveAttribute('data-model', 'ready', { timeout: 60_000 });
        await page.locator('.beauty-presets button', { hasText: 'Fresh' }).click();
        await expect(panel).toHaveAttribute('data-landmarks', /^[1-9]x478$/, { timeout: 30_000 });
      }
      await page.waitForTimeout(3000);
      const cats = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'blink', 'cc', 'gpu', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing', 'disabled-by-default-gpu.decoder', 'gpu.service', 'disabled-by-default-gpu.service'];
      if (process.env.ZZ_TRACE_PREVIEW) await browser.startTracing(page, { categories: cats });
      const w0 = await page.evaluate(() => performance.now());
      await page.waitForTimeout(10000);
      if (process.env.ZZ_TRACE_PREVIEW) writeFileSync(`/tmp/zz-prev-${run}.json`, await browser.stopTracing());
      const pre = await page.evaluate((w0) => window.__speed!.longTasks.filter((t) => t.start >= w0).map((t) => Math.round(t.duration)), w0);
      console.log('preview 10 s long tasks', JSON.stringify(pre));
      if (process.env.ZZ_NOTRACE) { await page.evaluate(() => window.__speed!.armCapture()); await page.getByTestId('start-capture').click(); await page.waitForFunction(() => window.__speed!.capture.strip !== null, null, { timeout: 120_000, polling: 250 }); await page.waitForTimeout(300); const lt = await page.evaluate(() => window.__speed!.longTasks.filter((t) => t.start >= window.__speed!.capture.start!)); console.log('capture', JSON.stringify(lt.map((t) => Math.round(t.duration)))); await context.close(); continue; }
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'blink', 'cc', 'gpu', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing', 'disabled-by-default-gpu.decoder', 'gpu.service', 'disabled-by-default-gpu.service'],
      });
      await page.evaluate(() => window.__speed!.armCapture());
      await page.getByTestId('start-capture').click();
      await page.waitForFunction(() => window.__speed!.capture.strip !== null, null, { timeout: 120_000, polling: 250 });
      await page.waitForTimeout(300);
      const buf = await browser.stopTracing();
      const file = `/tmp/zz-trace-${EFFECTS ? 'fx' : 'off'}-${run}.json`;
      writeFileSync(file, buf);
      const lt = await page.evaluate(() => window.__speed!.longTasks.filter((t) => t.start >= window.__speed!.capture.start!));
      console.log(file, JSON.stringify(lt.map((t) => [Math.round(t.start - 0), Math.round(t.duration)])));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});
