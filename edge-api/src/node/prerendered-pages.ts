import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inlineHashesFile, inlineHashesOf, noInlineHashes, prerenderedPageFile, type InlineHashes } from '../http/page-addresses.ts';

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

let knownHashes = { file: '', mtimeMs: -1, hashes: noInlineHashes };

/**
 * The inline style and script hashes the build's pages need in the CSP (scripts/prerender.ts
 * inlines each page's stylesheets and the early answers' scripts). Read again only when the file
 * changes; none without a build.
 */
export function prerenderedInlineHashes(distDir: string): InlineHashes {
  const file = join(distDir, 'pages', inlineHashesFile);
  try {
    const { mtimeMs } = statSync(file);
    if (knownHashes.file !== file || knownHashes.mtimeMs !== mtimeMs) {
      knownHashes = { file, mtimeMs, hashes: inlineHashesOf(JSON.parse(readFileSync(file, 'utf8'))) };
    }
    return knownHashes.hashes;
  } catch {
    return noInlineHashes;
  }
}
