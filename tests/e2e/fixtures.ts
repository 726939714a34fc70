import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** MediaPipe logs this harmless line through console.error; it is the only error we allow. */
export const ALLOWED_CONSOLE_ERRORS = [/Created TensorFlow Lite XNNPACK delegate/];

interface Fixtures {
  /** Extra console errors a test expects (a denied camera logs nothing, but a failing fetch may). */
  allowConsoleErrors: RegExp[];
  consoleErrors: string[];
  /** Every request the page made, to prove nothing leaves the origin. */
  requests: { url: string; method: string; resourceType: string }[];
}

export const test = base.extend<Fixtures>({
  // Pages are prerendered: a control is on screen before the app has taken the page over (its
  // click would do nothing yet). A navigation waits for the app, as a visitor waits for the page
  // to respond (html.app-ready, set by the app once it has rendered), unless JavaScript is off.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      // Only an HTML page of the app (not /favicon.svg, not a failed load).
      const ready = async (response: Awaited<ReturnType<typeof page.goto>>) => {
        if (response?.headers()['content-type']?.includes('text/html')) await page.locator('html.app-ready').waitFor({ state: 'attached', timeout: 30_000 });
      };
      const waiting =
        <A extends unknown[]>(navigate: (...args: A) => ReturnType<typeof page.goto>) =>
        async (...args: A) => {
          const response = await navigate(...args);
          await ready(response);
          return response;
        };
      page.goto = waiting(page.goto.bind(page));
      page.reload = waiting(page.reload.bind(page));
    }
    await provide(page);
  },
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      const allowed = [...ALLOWED_CONSOLE_ERRORS, ...allowConsoleErrors];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (!allowed.some((re) => re.test(text))) errors.push(text);
      });
      page.on('pageerror', (err) => {
        const text = `pageerror: ${err.message}`;
        if (!allowConsoleErrors.some((re) => re.test(text))) errors.push(text);
      });
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  requests: [
    async ({ page }, use) => {
      const seen: Fixtures['requests'] = [];
      page.on('request', (r) => seen.push({ url: r.url(), method: r.method(), resourceType: r.resourceType() }));
      await use(seen);
    },
    { auto: true },
  ],
});

export { expect };

/** Fails on axe-core violations that are serious or critical. */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(bad, `axe violations on ${label}`).toEqual([]);
}

/** Every request went to the page's own origin (no CDN, no analytics, no upload). */
export function expectOnlyOwnOrigin(requests: Fixtures['requests'], origin: string) {
  const foreign = requests.filter((r) => !/^(data|blob):/.test(r.url) && new URL(r.url).origin !== new URL(origin).origin);
  expect(foreign.map((r) => r.url)).toEqual([]);
}
