import type { Page, Worker } from '@playwright/test';

/**
 * Another engine's missing or broken API, simulated in Chromium (issue 51): `script` runs before
 * any of the app's code, on the page (an init script) and in every worker the app starts (the
 * worker's own script is served with `script` first, through page.route; service workers are
 * blocked by the config, so every request reaches the route). Each spec that uses it says which
 * engine it stands in for.
 */
export async function beforeAppEverywhere(page: Page, script: string): Promise<void> {
  await page.addInitScript({ content: script });
  await page.route(/\/assets\/[\w.-]+\.worker-[\w-]+\.js(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${script}\n${await response.text()}` });
  });
}

/** A script deleting the named globals (a browser that has none of them). */
export const deleting = (...names: string[]) => names.map((n) => `delete globalThis[${JSON.stringify(n)}];`).join('\n');

/** The workers the page starts from now on, by their name (`new Worker(url, { name })`). */
export function watchWorkers(page: Page): Map<string, Worker> {
  const seen = new Map<string, Worker>();
  page.on('worker', (w) => {
    const name = /\/assets\/([\w]+)\.worker-/.exec(w.url())?.[1];
    if (name) seen.set(name, w);
  });
  return seen;
}
