import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { prerenderedPageFile, styleHashesFile, styleHashesOf } from '../http/page-addresses.ts';

export { styleHashesFile };

/**
 * The prerendered page for a page address on Node, if the build made one (page-addresses.ts
 * says which file). Returns the path relative to the dist folder, or null (the app shell then
 * answers). The file system is asked on each navigation (a few a visit), so a build swapped
 * under a running server is seen at once.
 */
export function prerenderedPageOf(distDir: string, pathname: string, search = ''): string | null {
  const file = prerenderedPageFile(pathname, search);
  if (!file) return null;
  try {
    return statSync(join(distDir, file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

let knownHashes = { file: '', mtimeMs: -1, hashes: [] as string[] };

/**
 * The inline style hashes the build's pages need in the CSP's style-src (scripts/prerender.ts
 * inlines each page's stylesheets). Read again only when the file changes; none without a build.
 */
export function prerenderedStyleHashes(distDir: string): string[] {
  const file = join(distDir, 'pages', styleHashesFile);
  try {
    const { mtimeMs } = statSync(file);
    if (knownHashes.file !== file || knownHashes.mtimeMs !== mtimeMs) {
      knownHashes = { file, mtimeMs, hashes: styleHashesOf(JSON.parse(readFileSync(file, 'utf8'))) };
    }
    return knownHashes.hashes;
  } catch {
    return [];
  }
}
