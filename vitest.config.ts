import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { compiledCatalogues } from './pwa/build/compiled-catalogues.ts';

/**
 * API test files that replace a module (vi.mock): they must not share a module graph with other
 * files, so they run in a project of their own, isolated. Found by reading the files, so a new
 * one cannot be forgotten.
 */
const mockingApiFiles = readdirSync('edge-api/test', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `edge-api/test/${file.replaceAll('\\', '/')}`)
  .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8')));

/**
 * Projects: the API suite twice (Node/SQLite and Worker/Miniflare/D1), unit tests, and the
 * browser tests against the built app.
 */
export default defineConfig({
  test: {
    // The default output, and the names of browser tests that passed only on their second attempt.
    reporters: ['default', './e2e/support/second-attempt-reporter.ts'],
    projects: [
      {
        test: {
          name: 'api-node',
          include: ['edge-api/test/**/*.test.ts'],
          // Files that replace a module (vi.mock) get a fresh module graph of their own (below).
          exclude: [...mockingApiFiles],
          env: { API_TARGET: 'node' },
          // Every server's log lines to a folder of the run's, scanned for secrets at its end.
          globalSetup: ['edge-api/test/support/log-scan.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server over fresh data; importing the app again for every file
          // was most of this project's time (decision 0094).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-node-mocks',
          include: [...mockingApiFiles],
          env: { API_TARGET: 'node' },
          globalSetup: ['edge-api/test/support/log-scan.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-worker',
          include: ['edge-api/test/**/*.test.ts'],
          exclude: ['edge-api/test/**/*.node-only.test.ts'],
          env: { API_TARGET: 'worker' },
          globalSetup: ['edge-api/test/support/worker-build.ts', 'edge-api/test/support/log-scan.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        // The PWA's catalogue parts (virtual:catalogue/<lang>/<part>), as the build makes them.
        plugins: [compiledCatalogues()],
        test: {
          name: 'unit',
          include: ['edge-api/src/**/*.test.ts', 'pwa/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A failed test leaves screenshots and a trace under e2e/artifacts/.
          setupFiles: ['e2e/support/failure-hook.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // In CI a failed browser test runs once more; one that then passes is named at the end
          // (second-attempt-reporter.ts). A broken feature still fails twice (decision 0089).
          retry: process.env.CI ? 1 : 0,
          // expect.poll waits for what a person would wait for: a server's answer and a render on a
          // loaded 2-core machine can take longer than vitest's default of one second.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Files share nothing (each starts its own server over a copy of the one build, and its own
          // browser), so they run side by side; npm test sets how many (--maxWorkers).
          fileParallelism: true,
        },
      },
    ],
  },
});
