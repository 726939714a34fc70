import { defineConfig } from '@playwright/test';
import { launchWithCamera, freePort } from './tests/e2e/env';

// The server takes a free port (so `npm test` runs while `npm start` holds 4173), chosen once: the
// workers Playwright starts inherit PB_PORT. PB_PORT / PB_DIST can also be set by hand.
process.env.PB_PORT ??= String(await freePort());
const PORT = Number(process.env.PB_PORT);
const DIST = process.env.PB_DIST ?? 'dist';

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
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: launchWithCamera(),
    permissions: ['camera'],
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The built app, as it is deployed (service worker included); `npm run test:e2e` builds first.
    command: `npx vite preview --port ${PORT} --strictPort --outDir ${DIST}`,
    port: PORT,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
