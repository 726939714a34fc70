import { defineConfig } from '@playwright/test';
import { launchWithCamera } from './tests/e2e/env';

// PB_PORT / PB_DIST let several people run the suite at once, each on their own build and port.
const PORT = Number(process.env.PB_PORT ?? 4173);
const DIST = process.env.PB_DIST ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  // Concurrent runs on other ports keep their artifacts apart.
  outputDir: process.env.PB_PORT ? `test-results/${process.env.PB_PORT}` : 'test-results',
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
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
