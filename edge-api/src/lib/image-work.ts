/**
 * The costly part of taking a picture, as one task: decode it whole (lib/image-decode.ts) and,
 * when it is, remove its metadata (lib/image-metadata.ts). Its header was read and its pixel
 * count capped before (lib/image-check.ts), so a task's cost is bounded.
 * Where it runs is the entry point's choice (`useImageWorkRunner`): here, in the request, by
 * default (the Worker: each request has a CPU budget of its own, docs/decisions/0102), or on a
 * worker thread (the Node server, node/image-threads.ts), so a decode never holds the event loop
 * that serves every other request. A task and its outcome are plain data, to cross that boundary.
 */
import { decodeVerdict, type DecodeVerdict } from './image-decode.ts';
import type { ImageKind } from './image-sniff.ts';
import { MalformedImageError, withoutMetadata } from './image-metadata.ts';

export interface ImageTask {
  bytes: Uint8Array;
  kind: ImageKind;
  /** Width x height, as the header declared them (already within `maxPixels`). */
  pixels: number;
  maxPixels: number;
}

/** The picture without its metadata, or why it was not taken. */
export type ImageOutcome = { verdict: 'whole'; bytes: Uint8Array } | { verdict: Exclude<DecodeVerdict, 'whole'> };

export async function doImageWork(task: ImageTask): Promise<ImageOutcome> {
  const verdict = await decodeVerdict(task.bytes, task.kind, task.pixels, task.maxPixels);
  if (verdict !== 'whole') return { verdict };
  try {
    return { verdict, bytes: withoutMetadata(task.bytes, task.kind) };
  } catch (error) {
    if (error instanceof MalformedImageError) return { verdict: 'damaged' };
    throw error;
  }
}

export type ImageWorkRunner = (task: ImageTask) => Promise<ImageOutcome>;

let runner: ImageWorkRunner = doImageWork;

/** Set once by the entry point that runs the work elsewhere (the Node server: worker threads). */
export function useImageWorkRunner(run: ImageWorkRunner): void {
  runner = run;
}

export const runImageWork = (task: ImageTask): Promise<ImageOutcome> => runner(task);
