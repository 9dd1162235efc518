/**
 * What making an upload's smaller sizes costs (docs/decisions/0086-responsive-pictures.md), on
 * Node: for camera-like JPEGs and a PNG, the time of the check every upload already pays
 * (lib/image-check.ts) beside the time of making the 160/360/720 px WebP sizes
 * (lib/picture-sizes.ts), median of three, the bytes of each size against the original, and the
 * resizer's wasm memory afterwards (it only grows, and is kept for the process's life).
 *
 *   node --import tsx bench/picture-sizes.ts
 *
 * Printed only (not part of `npm run bench`'s report): the figures have no goal of their own.
 */
import { initResize } from '@jsquash/resize';
import { encode as encodePng } from 'fast-png';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cameraPhoto } from '../e2e/support/documents.ts';
import { checkImage } from '../edge-api/src/lib/image-check.ts';
import type { ImageKind } from '../edge-api/src/lib/image-sniff.ts';
import { makePictureSizes, usePictureSizeCodecs } from '../edge-api/src/lib/picture-sizes.ts';
import { compileWasm, useWebpDecoder } from '../edge-api/src/lib/webp-decode.ts';
import { formatMs, median } from './support/stats.ts';

const wasm = (specifier: string) => compileWasm(readFileSync(fileURLToPath(import.meta.resolve(specifier))));
useWebpDecoder(await wasm('@jsquash/webp/codec/dec/webp_dec.wasm'));
usePictureSizeCodecs({
  webpEncoder: await wasm('@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
  resizer: await wasm('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm'),
});

const jpegKind: ImageKind = { contentType: 'image/jpeg', extension: 'jpg' };
const pngKind: ImageKind = { contentType: 'image/png', extension: 'png' };
const caps = { maxImagePixels: 40_000_000, maxWebpPixels: 40_000_000 };

function screenshotPng(width: number, height: number, alpha = 255): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    data.set([x % 64 < 32 ? 240 : 40, (y * 255) / height, 128, alpha], i);
  }
  return encodePng({ width, height, data, channels: 4 });
}

const pictures: { label: string; bytes: Uint8Array; kind: ImageKind }[] = [
  { label: 'JPEG 1000x750 (0.75 MP)', bytes: cameraPhoto(1000, 750), kind: jpegKind },
  { label: 'JPEG 1632x1224 (2 MP, the Worker\'s cap for sizes)', bytes: cameraPhoto(1632, 1224), kind: jpegKind },
  { label: 'JPEG 2000x1500 (3 MP)', bytes: cameraPhoto(2000, 1500), kind: jpegKind },
  { label: 'JPEG 2309x1732 (4 MP)', bytes: cameraPhoto(2309, 1732), kind: jpegKind },
  { label: 'JPEG 4000x3000 (12 MP)', bytes: cameraPhoto(4000, 3000), kind: jpegKind },
  { label: 'PNG 1200x800, opaque', bytes: screenshotPng(1200, 800), kind: pngKind },
  { label: 'PNG 1200x800, with transparency', bytes: screenshotPng(1200, 800, 128), kind: pngKind },
];

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** The resizer's one wasm memory (it only grows): what the process keeps after the largest picture so far. */
const resizerMemoryMb = async () => {
  const exports = (await initResize()) as { memory: { buffer: ArrayBuffer } };
  return `${(exports.memory.buffer.byteLength / 1_048_576).toFixed(0)} MB`;
};

const rows: string[][] = [];
for (const picture of pictures) {
  const checks: number[] = [];
  const makes: number[] = [];
  let sizes = '';
  let problem = '';
  for (let run = 0; run < 3 && !problem; run++) {
    try {
      const check = await timed(() => checkImage(picture.bytes, picture.kind, caps));
      checks.push(check.ms);
      const made = await timed(() => makePictureSizes(picture.bytes, picture.kind, check.result, 40_000_000));
      makes.push(made.ms);
      sizes = made.result.map((size) => `${size.width}: ${(size.bytes.byteLength / 1024).toFixed(1)} KB`).join(', ');
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  rows.push([
    picture.label,
    `${Math.round(picture.bytes.byteLength / 1024)} KB`,
    checks.length ? formatMs(median(checks)) : '-',
    makes.length ? formatMs(median(makes)) : '-',
    problem ? `refused: ${problem}` : sizes,
    await resizerMemoryMb(),
  ]);
}

const header = ['picture', 'original', 'check (every upload)', 'making the sizes', 'sizes (width: bytes)', 'resizer memory'];
console.log([header, ...rows].map((row) => row.join(' | ')).join('\n'));
