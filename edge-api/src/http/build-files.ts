/**
 * Files the build writes for itself or for the platform, never for the public (issue 24): the
 * build manifest (`.vite/manifest.json`, every chunk and module path), `_headers` (the Worker
 * platform's header rules), `.assetsignore` and any other dot-file. On Node they are answered
 * 404 (node/static-pwa.ts); on the Worker they are never uploaded as assets (pwa/public/.assetsignore;
 * wrangler leaves `_headers`, `_redirects` and `.assetsignore` out by itself).
 */
const platformFiles = new Set(['/_headers', '/_redirects']);

/** The path as the file system would read it: decoded, so `%2e` and `%5f` do not slip past. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function isBuildOnlyFile(path: string): boolean {
  const plain = decoded(path).replace(/\\/g, '/');
  // A dot-file or dot-folder anywhere in the path: none of the app's public files is one
  // (.well-known is the public's by definition, should the app ever publish there).
  const hidden = (segment: string) => segment.startsWith('.') && segment !== '.' && segment !== '..' && segment !== '.well-known';
  if (plain.split('/').some(hidden)) return true;
  return platformFiles.has(plain.replace(/\/+$/, ''));
}
