/**
 * The worker thread's side of node/image-threads.ts: runs one picture's decode and metadata
 * removal (lib/image-work.ts) off the server's event loop. Loaded by piscina, which calls the
 * default export with each task. Bundled beside the server as dist/image-worker.js.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { doImageWork, type ImageOutcome, type ImageTask } from '../lib/image-work.ts';
import { compileWasm, useWebpDecoder } from '../lib/webp-decode.ts';

// The WebP decoder, compiled once per thread (as node.ts does for the server's own).
const ready = compileWasm(readFileSync(fileURLToPath(import.meta.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')))).then(useWebpDecoder);

export default async function work(task: ImageTask): Promise<ImageOutcome> {
  await ready;
  return doImageWork(task);
}
