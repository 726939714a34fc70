import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Only unit tests: the Playwright specs in tests/e2e run in a real browser, not here.
    include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    // Node by default (fast); a file that needs a DOM or storage says `// @vitest-environment jsdom`.
    environment: 'node',
  },
});
