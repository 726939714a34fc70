import { chromium, test } from '@playwright/test';
import { freePort } from '../e2e/env';
import { previewServer, ROOT } from './baseline';

test('layout cost', async () => {
  test.setTimeout(300_000);
  const server = await previewServer({ project: ROOT, dist: `${ROOT}/dist-me` }, await freePort());
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.route(/\.js$/, (r) => r.abort());
    const page = await context.newPage();
    for (const path of ['/photobooth', '/privacy-policy', '/']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      const r = await page.evaluate(() => {
        const time = () => {
          const ts: number[] = [];
          for (let i = 0; i < 9; i++) {
            document.documentElement.style.width = i % 2 ? '1279px' : '1280px';
            const t = performance.now();
            void document.body.offsetHeight;
            ts.push(performance.now() - t);
          }
          return ts.sort((a, b) => a - b)[4]!.toFixed(1);
        };
        const out: Record<string, string> = { all: time(), elements: String(document.querySelectorAll('*').length) };
        for (const sel of ['footer', 'header', '.booth-filters', '.booth-layout > :nth-child(2)', '.booth-stage-col', '.card']) {
          const els = [...document.querySelectorAll<HTMLElement>(sel)];
          els.forEach((e) => (e.style.display = 'none'));
          out[`without ${sel} (${els.length})`] = time();
          els.forEach((e) => (e.style.display = ''));
        }
        return out;
      });
      console.log(path, JSON.stringify(r));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});
