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

// A mock replaces a module in the test's own process: only the Node server runs there.
const workerRunnableMocks = mockingApiFiles.filter((file) => !file.endsWith('.node-only.test.ts'));
if (workerRunnableMocks.length) throw new Error(`A test that mocks a module tests the Node server only: name it *.node-only.test.ts (${workerRunnableMocks.join(', ')})`);

/**
 * One API project. Each file starts its own server over fresh data, so files may share one module
 * graph per worker (isolate: false): importing the app again for every file was most of the API
 * suite's time (decision 0094). Files that mock a module keep a graph of their own.
 */
function apiProject(name: string, runtime: 'node' | 'worker', files: { include?: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    test: {
      name,
      include: files.include ?? ['edge-api/test/**/*.test.ts'],
      exclude: files.exclude ?? [],
      env: { API_TARGET: runtime },
      // The Worker bundle is built once per run; every server's log lines go to a folder of the
      // run's, scanned for secrets at its end.
      globalSetup: [...(runtime === 'worker' ? ['edge-api/test/support/worker-build.ts'] : []), 'edge-api/test/support/log-scan.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      isolate: files.isolate,
    },
  };
}

/**
 * Projects: the API suite twice (Node/SQLite and Worker/Miniflare/D1), unit tests, and the
 * browser tests against the built app.
 */
export default defineConfig({
  test: {
    // The default output, and the names of browser tests that passed only on their second attempt.
    reporters: ['default', './e2e/support/second-attempt-reporter.ts'],
    projects: [
      apiProject('api-node', 'node', { exclude: mockingApiFiles, isolate: false }),
      apiProject('api-node-mocks', 'node', { include: mockingApiFiles, isolate: true }),
      apiProject('api-worker', 'worker', { exclude: ['edge-api/test/**/*.node-only.test.ts'], isolate: false }),
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
          // A failed test leaves screenshots and a trace under e2e/artifacts/; each file numbers
          // (and dates) the rows it adds from the start, whatever the worker ran before it.
          setupFiles: ['e2e/support/failure-hook.ts', 'e2e/support/fresh-row-numbering.ts'],
          // The demo accounts and catalogue are seeded once; each server starts on a copy.
          globalSetup: ['e2e/support/seeded-database.ts'],
          // Files share nothing but imported code (each starts its own server and browser): a
          // worker imports playwright, axe and the helpers once, not once a file (decision 0128).
          isolate: false,
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
