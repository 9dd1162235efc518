import { describe, expect, it } from 'vitest';
import { applyOrientation } from './exif-orientation.ts';

/** A 3x2 picture whose pixels are the letters a-f (one letter's code in each pixel's first byte). */
const stored = { width: 3, height: 2, data: new Uint8ClampedArray([...'abcdef'].flatMap((letter) => [letter.charCodeAt(0), 0, 0, 255])) };

const rows = (pixels: { width: number; height: number; data: Uint8ClampedArray }) =>
  Array.from({ length: pixels.height }, (_, y) =>
    Array.from({ length: pixels.width }, (_, x) => String.fromCharCode(pixels.data[(y * pixels.width + x) * 4]!)).join(''),
  );

describe('EXIF orientation', () => {
  it.each([
    [1, ['abc', 'def']],
    [2, ['cba', 'fed']], // mirrored
    [3, ['fed', 'cba']], // turned 180°
    [4, ['def', 'abc']], // flipped
    [5, ['ad', 'be', 'cf']], // mirrored, then turned 90° anticlockwise
    [6, ['da', 'eb', 'fc']], // turned 90° clockwise
    [7, ['fc', 'eb', 'da']], // mirrored, then turned 90° clockwise
    [8, ['cf', 'be', 'ad']], // turned 90° anticlockwise
  ])('%i shows the stored picture as it was taken', (orientation, shown) => {
    expect(rows(applyOrientation(stored, orientation))).toEqual(shown);
  });
});
