/**
 * Prepares a chosen picture for sending, in prepare.worker.ts (never on the main thread: a
 * 12-megapixel decode would freeze the form), and checks the result before anything is kept.
 * One worker serves the page; requests are answered by id.
 */
import { documentLimits } from 'edge-api/src/schemas/document.ts';
import type { PrepareReply } from './prepare.worker.ts';

export interface PreparedPicture {
  blob: Blob;
  width: number;
  height: number;
}

/** Why a file was not taken; the field says it in the person's language. */
export type PrepareProblem = 'not-an-image' | 'too-large' | 'unreadable' | 'over-quota';

export class PrepareError extends Error {
  constructor(readonly problem: PrepareProblem) {
    super(problem);
  }
}

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (reply: PrepareReply) => void>();

function preparer(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./prepare.worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<PrepareReply>) => {
    const resolve = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    resolve?.(event.data);
  });
  worker.addEventListener('error', () => {
    // A worker that failed to start answers nobody: fail what waits, start afresh next time.
    for (const resolve of waiting.values()) resolve({ id: -1, error: 'The picture could not be prepared.' });
    waiting.clear();
    worker?.terminate();
    worker = null;
  });
  return worker;
}

/** The first bytes say what a file is; the declared type of a renamed file can lie. */
async function looksLikeAPicture(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, text: string) => [...text].every((ch, i) => head[from + i] === ch.charCodeAt(0));
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = head[0] === 0x89 && ascii(1, 'PNG');
  const webp = ascii(0, 'RIFF') && ascii(8, 'WEBP');
  const gif = ascii(0, 'GIF8');
  // HEIC/HEIF (an iPhone's camera): an ISO box "ftyp" at byte 4; the browser decodes it if it can.
  const heif = ascii(4, 'ftyp');
  return jpeg || png || webp || gif || heif;
}

/** Makes the picture small and clean; throws PrepareError with the reason it cannot. */
export async function preparePicture(file: Blob): Promise<PreparedPicture> {
  if (!(await looksLikeAPicture(file))) throw new PrepareError('not-an-image');
  const id = (nextId += 1);
  const reply = await new Promise<PrepareReply>((resolve) => {
    waiting.set(id, resolve);
    preparer().postMessage({ id, file });
  });
  if ('error' in reply) throw new PrepareError('unreadable');
  if (reply.blob.size > documentLimits.maxBytes) throw new PrepareError('too-large');
  return { blob: reply.blob, width: reply.width, height: reply.height };
}
