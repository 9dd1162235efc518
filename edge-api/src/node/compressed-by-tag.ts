import { gzipSync } from 'node:zlib';

/**
 * Node only. An API answer with an entity tag (the catalogue, ~300 KB of JSON) is the same bytes
 * for as long as its tag holds, so its gzip is made once per tag and kept, instead of being
 * compressed again for every browser that asks (compression was ~90 % of such a request's CPU).
 * Answers without a tag are compressed per request as before (static-pwa.ts).
 */
const keptAnswers = 8;
const kept = new Map<string, Uint8Array<ArrayBuffer>>();

const acceptsGzip = (acceptEncoding: string | undefined) => /\bgzip\b(?!\s*;\s*q=0(?:\.0+)?(?![.\d]))/i.test(acceptEncoding ?? '');

function remember(key: string, gzip: Uint8Array<ArrayBuffer>) {
  kept.delete(key);
  kept.set(key, gzip);
  // The oldest goes first: tags replaced by an edit are not asked for again.
  if (kept.size > keptAnswers) kept.delete(kept.keys().next().value!);
}

/** The gzip of a tagged 200 answer, from the kept copy when there is one; null when it does not apply. */
export async function gzippedByTag(path: string, response: Response, acceptEncoding: string | undefined): Promise<Response | null> {
  const tag = response.headers.get('etag');
  if (response.status !== 200 || !tag || response.headers.has('content-encoding') || !acceptsGzip(acceptEncoding)) return null;
  const key = `${path} ${tag}`;
  // A kept answer's own body is left unread: it is bytes in memory (the catalogue's), and asking
  // for its stream to cancel it turned the adapter's light answer into a full one (~2x the CPU).
  const gzip = kept.get(key) ?? new Uint8Array(gzipSync(new Uint8Array(await response.arrayBuffer())));
  remember(key, gzip);
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.set('content-length', String(gzip.byteLength));
  // As hono's compress() does: the tag names the uncompressed bytes, so the sent ones carry it weakly.
  if (!tag.startsWith('W/')) headers.set('etag', `W/${tag}`);
  const vary = headers.get('vary');
  if (!vary || !/\baccept-encoding\b/i.test(vary)) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  return new Response(gzip, { status: 200, headers });
}
