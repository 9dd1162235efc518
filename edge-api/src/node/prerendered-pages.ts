import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inlineHashesFile, inlineHashesOf, noInlineHashes, pageScriptsFile, pageScriptsLink, prerenderedPageFile, type InlineHashes } from '../http/page-addresses.ts';

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

const known = new Map<string, { mtimeMs: number; parsed: unknown }>();

/** A JSON file the build wrote into pages/, parsed; read again only when it changes. Throws without one. */
function buildJson(distDir: string, name: string): unknown {
  const file = join(distDir, 'pages', name);
  const { mtimeMs } = statSync(file);
  const cached = known.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.parsed;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  known.set(file, { mtimeMs, parsed });
  return parsed;
}

/**
 * The inline style and script hashes the build's pages need in the CSP (scripts/prerender.ts
 * inlines each page's stylesheets and the early answers' scripts). None without a build.
 */
export function prerenderedInlineHashes(distDir: string): InlineHashes {
  try {
    return inlineHashesOf(buildJson(distDir, inlineHashesFile));
  } catch {
    return noInlineHashes;
  }
}

/** The Link header that has the browser preload a prerendered page's scripts (page-addresses.ts), or null. */
export function prerenderedPageScriptsLink(distDir: string, page: string): string | null {
  try {
    return pageScriptsLink(buildJson(distDir, pageScriptsFile), page);
  } catch {
    return null;
  }
}
