/**
 * Makes the smaller sizes of the demo's pictures (pwa/public/demo/{policies,blogs,agents}), with
 * the same code an upload's sizes are made with (edge-api/src/lib/picture-sizes.ts): beside each
 * `<name>.webp`, a `<name>-<width>.webp` at each of the upload widths narrower than the picture.
 * Not for the stand-ins (placeholder, default): precached at their one size, they show offline.
 * The PWA's srcset relies on them (pwa/src/lib/picture-sources.ts). Run after
 * scripts/make-demo-images.ts:
 *
 *   node --import tsx scripts/make-demo-picture-sizes.ts   (the outputs are committed)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageSize } from 'image-size';
import { makePictureSizes, usePictureSizeCodecs } from '../edge-api/src/lib/picture-sizes.ts';
import { compileWasm, useWebpDecoder } from '../edge-api/src/lib/webp-decode.ts';
import { demoPictureWidths } from '../pwa/src/lib/picture-sources.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const wasm = (specifier: string) => compileWasm(readFileSync(fileURLToPath(import.meta.resolve(specifier))));

useWebpDecoder(await wasm('@jsquash/webp/codec/dec/webp_dec.wasm'));
usePictureSizeCodecs({
  webpEncoder: await wasm('@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
  resizer: await wasm('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm'),
});

const standIns = new Set(['placeholder.webp', 'default.webp']);
let written = 0;
let bytes = 0;
for (const [folder, width] of Object.entries(demoPictureWidths)) {
  const dir = join(root, 'pwa/public/demo', folder);
  for (const file of readdirSync(dir).filter((name) => /^[a-z0-9-]+\.webp$/.test(name) && !/-\d+\.webp$/.test(name) && !standIns.has(name))) {
    const original = new Uint8Array(readFileSync(join(dir, file)));
    const size = imageSize(original);
    if (size.width !== width) throw new Error(`${folder}/${file} is ${size.width} px wide; pwa/src/lib/picture-sources.ts says ${width}.`);
    const sizes = await makePictureSizes(original, { contentType: 'image/webp', extension: 'webp' }, size, Infinity);
    for (const made of sizes) {
      writeFileSync(join(dir, file.replace(/\.webp$/, `-${made.width}.webp`)), made.bytes);
      written += 1;
      bytes += made.bytes.byteLength;
    }
  }
}
console.log(`Wrote ${written} demo picture sizes (${Math.round(bytes / 1024)} KB).`);
