import { defineConfig } from '@playwright/test';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, launchWithCamera } from '../e2e/env';

// `npm run bench`: each *.bench.ts here measures one area and prints its figures (no timed
// assertions). One worker, so measurements do not compete for the two cores.
process.env.PB_PORT ??= String(await freePort());
const PORT = Number(process.env.PB_PORT);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// The test build: the bench reads the app through the test seam (window.__pbTest).
const DIST = resolve(ROOT, process.env.PB_TEST_DIST ?? 'dist-test');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.bench.ts',
  workers: 1,
  timeout: 300_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: launchWithCamera({ clip: 'face-1280x720.mjpeg' }),
    permissions: ['camera'],
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --outDir ${DIST}`,
    port: PORT,
    cwd: ROOT,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
