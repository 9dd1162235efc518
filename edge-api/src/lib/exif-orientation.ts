/**
 * A JPEG's EXIF orientation applied to its pixels. A phone stores a portrait photo as landscape
 * pixels with "rotate 90°" in its EXIF; browsers turn the original as told, but a size made from
 * the pixels carries no EXIF, so it is turned here (lib/picture-sizes.ts), once, on the largest
 * size (a few hundred pixels wide), not on the full picture.
 * Orientations (EXIF 2.3, tag 0x0112): 1 as stored, 2 mirrored, 3 turned 180°, 4 flipped,
 * 5 transposed, 6 turned 90° clockwise, 7 transversed, 8 turned 90° anticlockwise.
 */
export interface RgbaPixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Whether the shown picture is the stored one on its side (width and height swapped). */
export const swapsSides = (orientation: number) => orientation >= 5 && orientation <= 8;

/** For each orientation: the stored pixel (x, y) that shows at (dx, dy), stored size w x h. */
const storedPixel: Record<number, (dx: number, dy: number, w: number, h: number) => [number, number]> = {
  2: (dx, dy, w) => [w - 1 - dx, dy],
  3: (dx, dy, w, h) => [w - 1 - dx, h - 1 - dy],
  4: (dx, dy, _w, h) => [dx, h - 1 - dy],
  5: (dx, dy) => [dy, dx],
  6: (dx, dy, _w, h) => [dy, h - 1 - dx],
  7: (dx, dy, w, h) => [w - 1 - dy, h - 1 - dx],
  8: (dx, dy, w) => [w - 1 - dy, dx],
};

/** The pixels as they are shown; the same object for orientation 1 (or an unknown one). */
export function applyOrientation(pixels: RgbaPixels, orientation: number): RgbaPixels {
  const from = storedPixel[orientation];
  if (!from) return pixels;
  const { width: w, height: h, data } = pixels;
  const [width, height] = swapsSides(orientation) ? [h, w] : [w, h];
  const source = new Uint32Array(data.buffer, data.byteOffset, w * h);
  const out = new Uint32Array(width * height);
  for (let dy = 0; dy < height; dy++) {
    for (let dx = 0; dx < width; dx++) {
      const [x, y] = from(dx, dy, w, h);
      out[dy * width + dx] = source[y * w + x]!;
    }
  }
  return { data: new Uint8ClampedArray(out.buffer), width, height };
}
