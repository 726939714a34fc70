import { defineConfig } from '@playwright/test';
import { freePort, launchWithCamera } from './tests/e2e/env';

// Two builds, each served on a free port (so `npm test` runs while `npm start` holds 4173), chosen
// once: the workers Playwright starts inherit the ports through the environment.
//  - production: dist/, exactly what visitors get. The privacy, headers and trust specs and the
//    check that nothing test-only ships run against it.
//  - test: dist-test/, the same app built with `--mode test`, which installs the one test seam
//    (window.__pbTest: preview pixels, landmarks) that the other specs read.
process.env.PB_PORT ??= String(await freePort());
process.env.PB_TEST_PORT ??= String(await freePort());
// The random walk's seed: drawn once per run here (the workers, a retry's included, inherit it),
// printed by the walk, and replayed with RANDOM_WALK_SEED=<seed>.
process.env.RANDOM_WALK_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
const PORT = Number(process.env.PB_PORT);
const TEST_PORT = Number(process.env.PB_TEST_PORT);
const DIST = process.env.PB_DIST ?? 'dist';
const TEST_DIST = process.env.PB_TEST_DIST ?? 'dist-test';
const WALK_SPEC = '**/walk.spec.ts';
/** Specs whose figures need the machine to themselves (sound and picture in sync): run alone, after the rest. */
const ALONE_SPECS = ['**/message-sync.spec.ts', '**/message-camera.spec.ts'];
const PRODUCTION_SPECS = [WALK_SPEC, '**/seo.spec.ts', '**/trust.spec.ts', '**/trust-faults.spec.ts', '**/privacy-any-host.spec.ts', '**/shipped.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  testMatch: '**/*.spec.ts',
  // Two cores and a software GPU: two workers keep the suite quick without starving either.
  workers: 2,
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: launchWithCamera(),
    permissions: ['camera'],
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
    // Recording a trace costs about 40% of the suite's time on two cores: only a retry records one.
    trace: 'on-first-retry',
  },
  // The random walk (production build) is a project of its own: `npm test` runs it alone after the
  // rest (scripts/test.mjs), since beside another test on two cores it runs at half speed.
  projects: [
    { name: 'walk', testMatch: WALK_SPEC, use: { baseURL: `http://localhost:${PORT}` } },
    { name: 'production', testMatch: PRODUCTION_SPECS, testIgnore: WALK_SPEC, use: { baseURL: `http://localhost:${PORT}` } },
    { name: 'app', testIgnore: [...PRODUCTION_SPECS, ...ALONE_SPECS], use: { baseURL: `http://localhost:${TEST_PORT}` } },
    { name: 'alone', testMatch: ALONE_SPECS, use: { baseURL: `http://localhost:${TEST_PORT}` } },
    // The other engines (tests/engines): Firefox through puppeteer-core over WebDriver BiDi and
    // WebKitGTK through WebKitWebDriver, headful under Xvfb. Each test launches its own browsers;
    // `npm test` runs them on one worker after the rest. baseURL is the test build; the production
    // build's URL is in PB_PORT.
    { name: 'engines', testDir: 'tests/engines', testMatch: '**/*.spec.ts', timeout: 120_000, use: { baseURL: `http://localhost:${TEST_PORT}` } },
  ],
  webServer: [
    // The built app, as it is deployed (service worker included); `npm test` builds both first.
    { command: `npx vite preview --port ${PORT} --strictPort --outDir ${DIST}`, port: PORT, reuseExistingServer: false, timeout: 60_000 },
    {
      command: `npx vite preview --port ${TEST_PORT} --strictPort --outDir ${TEST_DIST}`,
      port: TEST_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
