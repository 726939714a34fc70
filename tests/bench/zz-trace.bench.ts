import { chromium, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { freePort, launchWithCamera } from '../e2e/env';
import { previewServer, ROOT } from './baseline';

test('trace', async () => {
  test.setTimeout(300_000);
  const server = await previewServer({ project: ROOT, dist: `${ROOT}/${process.env.PB_AFTER_DIST ?? 'dist-me'}` }, await freePort());
  const browser = await chromium.launch(launchWithCamera({ clip: 'face-1280x720.mjpeg' }));
  try {
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['camera'], serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto('about:blank');
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'] });
      await page.goto(`${server.url}/photobooth`);
      await page.waitForTimeout(4000);
      const buf = await browser.stopTracing();
      writeFileSync(`/tmp/tr/trace${i}.json`, buf);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});
