import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The prerendered page for a page address, if the build made one (scripts/prerender.ts writes
 * pwa/dist/pages/<name>.html): '/' is pages/index.html, '/policies/p1' is pages/policies/p1.html.
 * Returns the path relative to the dist folder, or null (the app shell then answers).
 * The file system is asked on each navigation (a few a visit), so a build swapped under a
 * running server is seen at once.
 */
export function prerenderedPageOf(distDir: string, pathname: string): string | null {
  const name = pathname === '/' ? 'index' : pathname.replace(/^\/+|\/+$/g, '');
  // Only plain page names: no dots (so never '..'), no encoded characters.
  if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i.test(name)) return null;
  const file = `pages/${name}.html`;
  try {
    return statSync(join(distDir, file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** pages/style-hashes.json: the hashes ('sha256-...') of the prerendered pages' inline styles. */
export const styleHashesFile = 'style-hashes.json';

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
      const hashes = (JSON.parse(readFileSync(file, 'utf8')) as unknown[]).filter(
        (hash): hash is string => typeof hash === 'string' && /^sha256-[A-Za-z0-9+/=]+$/.test(hash),
      );
      knownHashes = { file, mtimeMs, hashes };
    }
    return knownHashes.hashes;
  } catch {
    return [];
  }
}
