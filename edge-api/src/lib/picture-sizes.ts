/**
 * The smaller copies of an uploaded picture (docs/decisions/0086-responsive-pictures.md): at each
 * of `pictureWidths` narrower than the picture, resized with the Rust `resize` crate and encoded
 * with libwebp, both as WebAssembly (@jsquash/resize, @jsquash/webp), so the same code runs on
 * Node and on the Worker. The picture was already checked whole (lib/image-check.ts); it is
 * decoded again here by the same decoders, only when it has at most `maxPixels` pixels.
 * Making the sizes never fails an upload: any failure means no sizes, and the original is served
 * for every width (routes/images.ts).
 * The compiled wasm modules are given by the entry point (`usePictureSizeCodecs`), as for the
 * WebP decoder (lib/webp-decode.ts): workerd may not compile wasm from bytes at run time.
 */
import resize, { initResize } from '@jsquash/resize';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import { convertIndexedToRgb, decode as decodePng, type DecodedPng } from 'fast-png';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { pictureWidths } from '../schemas/image.ts';
import { applyOrientation, swapsSides, type RgbaPixels } from './exif-orientation.ts';
import type { ImageKind } from './image-sniff.ts';
import { decodeWebpPixels } from './webp-decode.ts';

export interface PictureSizeCodecs {
  /** @jsquash/webp/codec/enc/webp_enc_simd.wasm */
  webpEncoder: WebAssembly.Module;
  /** @jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm */
  resizer: WebAssembly.Module;
}

let codecs: PictureSizeCodecs | null = null;
let ready: Promise<unknown> | null = null;

export function usePictureSizeCodecs(modules: PictureSizeCodecs): void {
  codecs = modules;
  ready = null;
}

/** One instance of each for the process or isolate: both only ever hold one small picture's worth. */
function codecsReady(): Promise<unknown> {
  if (!codecs) return Promise.reject(new Error('The picture size codecs were not loaded (usePictureSizeCodecs).'));
  ready ??= Promise.all([initWebpEncoder(codecs.webpEncoder), initResize(codecs.resizer)]);
  return ready;
}

export interface PictureSize {
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** The DOM's ImageData, which the API's type libraries do not declare (webp's utils.js defines it on Node and Workers). */
type ResizeInput = Parameters<typeof resize>[0];

type Pixels = RgbaPixels;

/** A PNG (grey, palette, 8 or 16-bit, with or without alpha) as 8-bit RGBA; null for a layout not read here. */
function pngToRgba(png: DecodedPng): Pixels | null {
  const image = png.palette ? { ...png, data: convertIndexedToRgb(png), channels: png.palette[0]?.length ?? 3, depth: 8 as const } : png;
  const { width, height, channels } = image;
  const source = image.data;
  // Grey packed below 8 bits a pixel comes packed: such a picture is served as it is.
  if (source.length < width * height * channels) return null;
  const shift = image.depth === 16 ? 8 : 0;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, o = 0; o < out.length; i += channels, o += 4) {
    const grey = channels <= 2;
    out[o] = source[i]! >> shift;
    out[o + 1] = source[grey ? i : i + 1]! >> shift;
    out[o + 2] = source[grey ? i : i + 2]! >> shift;
    out[o + 3] = channels === 2 || channels === 4 ? source[i + channels - 1]! >> shift : 255;
  }
  return { data: out, width, height };
}

async function decodeRgba(bytes: Uint8Array, kind: ImageKind, maxPixels: number): Promise<Pixels | null> {
  switch (kind.extension) {
    case 'png':
      return pngToRgba(decodePng(bytes));
    case 'jpg': {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        tolerantDecoding: false,
        maxResolutionInMP: maxPixels / 1_000_000,
        // jpeg-js keeps every 8x8 block's coefficients as 32-bit numbers (up to 12 bytes a pixel
        // for a full-colour JPEG), then the lines and the RGBA picture: 20 bytes a pixel at most.
        maxMemoryUsageInMB: Math.ceil((maxPixels * 20) / 1_048_576) + 16,
      });
      return { data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), width: image.width, height: image.height };
    }
    case 'webp':
      return decodeWebpPixels(bytes);
    // An animated GIF would lose its animation as one WebP frame; a GIF is served as it is.
    case 'gif':
      return null;
  }
}

/** Whether any pixel is less than opaque. */
function hasTransparency(pixels: Pixels): boolean {
  for (let i = 3; i < pixels.data.length; i += 4) if (pixels.data[i]! < 255) return true;
  return false;
}

/** The widths to make for a picture this wide: the listed ones it is wider than (never upscaled). */
export const widthsFor = (width: number) => pictureWidths.filter((w) => w < width);

/**
 * The smaller WebP copies of a checked picture, largest first; none for a GIF, a picture no
 * wider than the smallest width, or one of more than `maxPixels` pixels (a third of that when it
 * has transparency). Throws when a codec fails.
 * Resized in sRGB without premultiplying, except a picture with transparency (whose see-through
 * pixels' colour would bleed into its edges): premultiplying makes the resizer work in floats,
 * about three times the memory (docs/decisions/0086-responsive-pictures.md).
 */
export async function makePictureSizes(
  bytes: Uint8Array,
  kind: ImageKind,
  size: { width: number; height: number },
  maxPixels: number,
): Promise<PictureSize[]> {
  // A phone's portrait photo: stored on its side, shown turned (lib/exif-orientation.ts).
  const orientation = kind.extension === 'jpg' ? (imageSize(bytes).orientation ?? 1) : 1;
  const [shownWidth, shownHeight] = swapsSides(orientation) ? [size.height, size.width] : [size.width, size.height];
  const widths = widthsFor(shownWidth).reverse();
  if (widths.length === 0 || size.width * size.height > maxPixels) return [];
  await codecsReady();
  let source = await decodeRgba(bytes, kind, maxPixels);
  if (!source) return [];
  const premultiply = hasTransparency(source);
  if (premultiply && size.width * size.height > maxPixels / 3) return [];
  let turned = false;
  const made: PictureSize[] = [];
  for (const width of widths) {
    const height = Math.max(1, Math.round((shownHeight * width) / shownWidth));
    // The first (largest) size is made in the stored orientation and then turned as shown.
    const [resizeWidth, resizeHeight] = !turned && swapsSides(orientation) ? [height, width] : [width, height];
    // Each size from the one before it: the big picture goes through the resizer once.
    let resized: Pixels = await resize(source as ResizeInput, {
      width: resizeWidth,
      height: resizeHeight,
      method: 'lanczos3',
      fitMethod: 'stretch',
      premultiply,
      linearRGB: false,
    });
    if (!turned) resized = applyOrientation(resized, orientation);
    turned = true;
    const encoded = await encodeWebp(resized as ResizeInput, { quality: 75 });
    made.push({ width, height, bytes: new Uint8Array(encoded) });
    source = resized;
  }
  return made;
}
