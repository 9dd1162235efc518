/**
 * The sizes a picture comes in, for `srcset` (docs/decisions/0086-responsive-pictures.md), so a
 * phone downloads a picture about as wide as it shows it:
 *  - an upload (`/api/images/<name>`) is asked for as `?w=<width>` at each of `pictureWidths`;
 *    the server answers its WebP size of that width, or the original when the picture is no
 *    wider (never upscaled);
 *  - a demo picture (`/demo/<folder>/<name>.webp`) has `<name>-<width>.webp` beside it at each of
 *    `pictureWidths` narrower than its folder's width (scripts/make-demo-picture-sizes.ts).
 * Anything else (a Google profile photo, the hero's own sizes) has no srcset.
 */
import { isUploadedImage, pictureWidths } from 'edge-api/src/schemas/image.ts';

/** The width every demo picture of a folder is drawn at (scripts/make-demo-images.ts). */
export const demoPictureWidths = { policies: 640, blogs: 480, agents: 256 } as const;

const demoPicture = /^\/demo\/(policies|blogs|agents)\/([a-z0-9-]+)\.webp$/;

/** The `srcset` of a picture address, or undefined when it comes in one size only. */
export function pictureSrcSet(src: string): string | undefined {
  if (isUploadedImage(src)) return pictureWidths.map((width) => `${src}?w=${width} ${width}w`).join(', ');
  const demo = demoPicture.exec(src);
  if (!demo) return undefined;
  const [, folder, name] = demo as unknown as [string, keyof typeof demoPictureWidths, string];
  const full = demoPictureWidths[folder];
  const sizes = pictureWidths.filter((width) => width < full).map((width) => `/demo/${folder}/${name}-${width}.webp ${width}w`);
  return [...sizes, `${src} ${full}w`].join(', ');
}
