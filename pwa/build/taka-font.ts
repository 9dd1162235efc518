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

/** Cuts `text`'s glyphs out of Noto Sans Bengali (of `weight`) into a woff2 `file`; its size in bytes. */
async function writeSubset(weight: 400 | 600, text: string, file: string): Promise<number> {
  const source = readFileSync(require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`));
  const subset = await subsetFont(source, text, { targetFormat: 'woff2' });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, subset);
  return subset.length;
}

export const writeTakaFont = () => writeSubset(400, takaGlyphs, takaFontFile);

/**
 * The Bengali block (issue 25) for phones without a Bengali system font: every character of
 * U+0980-09FF (people's own names and blogs need the whole block, not only the interface's
 * glyphs), the dandas (U+0964-0965, in the Devanagari block), the joiners and the dotted circle
 * shaping uses. styles.css declares it with the same unicode-range and font-display: swap, so a
 * page without Bengali text never downloads it.
 */
export const bengaliRanges: [number, number][] = [[0x0980, 0x09ff], [0x0964, 0x0965], [0x200c, 0x200d], [0x25cc, 0x25cc]];
export const bengaliFontFile = join(import.meta.dirname, '../.generated/bengali.woff2');

export function writeBengaliFont(): Promise<number> {
  const text = bengaliRanges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');
  return writeSubset(400, text, bengaliFontFile);
}

/**
 * The few glyphs of the Bangla labels English pages show (the switch's "বাংলা", the offer's
 * "বাংলায় দেখুন"), in their own tiny font used by those labels only: an English page then never
 * downloads the whole Bengali block for one word.
 */
export const banglaLabelGlyphs = 'বাংলায় দেখুন';
export const banglaLabelFontFile = join(import.meta.dirname, '../.generated/bangla-label.woff2');

export const writeBanglaLabelFont = () => writeSubset(600, banglaLabelGlyphs, banglaLabelFontFile);

export function takaFont(): Plugin {
  return {
    name: 'taka-font',
    // Before any CSS refers to them.
    async buildStart() {
      await Promise.all([writeTakaFont(), writeBengaliFont(), writeBanglaLabelFont()]);
    },
  };
}
