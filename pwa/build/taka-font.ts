/**
 * The taka sign (৳, U+09F3) as a tiny webfont: at build start (and on `vite dev`), the one
 * glyph is cut out of Noto Sans Bengali (the @fontsource package) with subset-font, offline,
 * into pwa/.generated/taka.woff2 (about 1 KB, not committed). styles.css declares it with a
 * unicode-range, so only pages that show the sign fetch it; components/use-money-font.ts
 * preloads it on the screens that show money. Devices without a Bengali font showed an
 * empty box before.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
export const takaGlyphs = '৳';
export const takaFontFile = join(import.meta.dirname, '../.generated/taka.woff2');

export async function writeTakaFont(): Promise<number> {
  const source = readFileSync(require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2'));
  const subset = await subsetFont(source, takaGlyphs, { targetFormat: 'woff2' });
  mkdirSync(dirname(takaFontFile), { recursive: true });
  writeFileSync(takaFontFile, subset);
  return subset.length;
}

export function takaFont(): Plugin {
  return {
    name: 'taka-font',
    // Before any CSS refers to it.
    async buildStart() {
      await writeTakaFont();
    },
  };
}
