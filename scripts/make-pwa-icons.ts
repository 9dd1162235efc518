/**
 * Makes the installable app's icons from the site's own favicon (pwa/public/favicon.svg):
 * 192 and 512 px "any" icons (the rounded badge as drawn), and a 512 px maskable icon whose
 * shield sits inside the safe zone (the central 80% circle) on a full-bleed brand square, so
 * launchers that crop to circles or squircles never cut it. An apple-touch-icon too (iOS
 * ignores the manifest's icons).
 *
 * Run: node --import tsx scripts/make-pwa-icons.ts   (the PNGs are committed)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const favicon = readFileSync(join(root, 'pwa/public/favicon.svg'), 'utf8');
const outDir = join(root, 'pwa/public/icons');
const brand = '#0f5e9c';

/** The favicon's artwork without its rounded background, to place on a full square. */
function maskableSvg(): string {
  const inner = favicon.replace(/<rect[^>]*\/>/, '');
  const body = inner.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  // The artwork spans 64 units; scaled by 0.9 around the centre, the shield (32 x 40 units) stays within the safe circle (radius 25.6).
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${brand}"/><g transform="translate(3.2 3.2) scale(0.9)">${body}</g></svg>`;
}

async function render(svg: string, size: number, file: string, flatten = false) {
  let image = sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) }).resize(size, size);
  if (flatten) image = image.flatten({ background: brand });
  await image.png({ compressionLevel: 9 }).toFile(join(outDir, file));
  console.log(`wrote pwa/public/icons/${file}`);
}

mkdirSync(outDir, { recursive: true });
await render(favicon, 192, 'icon-192.png');
await render(favicon, 512, 'icon-512.png');
await render(maskableSvg(), 512, 'icon-maskable-512.png');
await render(maskableSvg(), 192, 'icon-maskable-192.png');
await render(maskableSvg(), 180, 'apple-touch-icon.png', true);
