/**
 * The Node server decodes pictures on worker threads (docs/decisions/0102): a decode is CPU work
 * of up to a second (a 4-megapixel document, a 40-megapixel policy picture), and on the event
 * loop it held every other request, a visitor's page included, for that long. A pool of threads
 * (piscina), one fewer than the cores (one stays with the event loop): one started with the
 * server, more while pictures wait, stopped again after a minute without one. One pool per
 * process: servers started side by side in one process (the tests) share it.
 * A task waits its turn in the pool's queue; how many can wait is bounded in front of it, by the
 * per-account and per-address upload limits and the in-flight cap (node/overload.ts).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { encode as encodePng } from 'fast-png';
import Piscina from 'piscina';
import type { ImageOutcome, ImageTask, ImageWorkRunner } from '../lib/image-work.ts';

// From the sources (tests, tsx) the thread registers tsx first (image-worker-from-sources.mjs);
// the built server (scripts/build.mjs) has image-worker.js beside server.js.
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(new URL(fromSources ? './image-worker-from-sources.mjs' : './image-worker.js', import.meta.url));

let started: Promise<ImageWorkRunner> | null = null;

function createPool(): Piscina<ImageTask, ImageOutcome> {
  const pool = new Piscina<ImageTask, ImageOutcome>({
    filename: workerFile,
    // One thread from the start, kept: the first picture does not wait for a thread to load.
    minThreads: 1,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
  });
  // A thread that fails outside a task (it could not start): its tasks fail with the error, and
  // the pool must not take the server down with an unheard 'error' event.
  pool.on('error', (error: unknown) => console.error('An image worker thread failed:', error));
  return pool;
}

/** A 1 x 1 PNG, decoded once at start. */
const onePixel = encodePng({ width: 1, height: 1, data: new Uint8Array(4), channels: 4 });

/**
 * The runner that does each task on a worker thread; a task's bytes are copied there, and its
 * outcome's copied back. The pool is made by the first call, which waits for one picture to be
 * decoded there: the server starts only once its threads work (a build without its worker file
 * fails at start, not at the first upload), and the thread's start (seconds from the sources,
 * through tsx) is not paid by the first person who sends a picture.
 */
export function startImageThreads(): Promise<ImageWorkRunner> {
  started ??= (async () => {
    const pool = createPool();
    const run: ImageWorkRunner = (task) => {
      const { bytes } = task;
      // Only the picture's own bytes travel, not a larger buffer it may be a view of.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
      return pool.run({ ...task, bytes: own });
    };
    const outcome = await run({ bytes: onePixel, kind: { contentType: 'image/png', extension: 'png' }, pixels: 1, maxPixels: 1 });
    if (outcome.verdict !== 'whole') throw new Error(`The image worker thread found a 1 x 1 PNG ${outcome.verdict}.`);
    return run;
  })();
  // A start that failed is tried afresh by the next server.
  started.catch(() => (started = null));
  return started;
}
