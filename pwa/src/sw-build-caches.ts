/**
 * A cache named after one file's revision in the build's precache list, for what the worker
 * keeps itself rather than precaching (the prerendered pages: sw-pages.ts; the signed-in screens'
 * list: sw-screens.ts). A new build's worker names a new cache, and drops the older ones of the
 * same kind when it activates.
 */
/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

export type ManifestEntry = string | { url: string; revision?: string | null };

/**
 * The name of the cache for `url`'s revision (`<prefix><revision>`), or null when the list does
 * not name it with one. Registers the dropping of the kind's other caches on activation.
 */
export function cacheForRevisionOf(manifest: ReadonlyArray<ManifestEntry>, url: string, prefix: string): string | null {
  const entry = manifest.find((candidate) => typeof candidate !== 'string' && candidate.url === url);
  const revision = typeof entry === 'object' ? entry.revision : null;
  if (!revision) return null;
  const cacheName = `${prefix}${revision}`;
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(prefix) && name !== cacheName).map((name) => caches.delete(name)))),
    );
  });
  return cacheName;
}
