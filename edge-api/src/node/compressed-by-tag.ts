import { gzipSync } from 'node:zlib';

/**
 * Node only. An API answer with an entity tag (the catalogue, ~300 KB of JSON) is the same bytes
 * for as long as its tag holds, so its gzip is made once per tag and kept, instead of being
 * compressed again for every browser that asks (compression was ~90 % of such a request's CPU).
 * Answers without a tag are compressed per request as before (static-pwa.ts).
 *
 * What is kept must be the answer it stands for (issue 24: one HEAD, whose answer has no body,
 * left an empty copy that every gzip client was then sent): a copy is made only from a GET's
 * whole body, never from a HEAD, and only when that body is as long as the answer declares; it
 * is used again only for an answer that declares the same length.
 */
const keptAnswers = 8;

interface Kept {
  gzip: Uint8Array<ArrayBuffer>;
  /** The length of the bytes it compresses. */
  plainLength: number;
}
const kept = new Map<string, Kept>();

const acceptsGzip = (acceptEncoding: string | undefined) => /\bgzip\b(?!\s*;\s*q=0(?:\.0+)?(?![.\d]))/i.test(acceptEncoding ?? '');

function remember(key: string, copy: Kept) {
  kept.delete(key);
  kept.set(key, copy);
  // The oldest goes first: tags replaced by an edit are not asked for again.
  if (kept.size > keptAnswers) kept.delete(kept.keys().next().value!);
}

/** The length the answer says its body has, or null when it does not say. */
function declaredLength(response: Response): number | null {
  const value = response.headers.get('content-length');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/** The kept copy for this answer, or a new one made from its whole body; the bytes read when they do not match what it declares. */
async function gzipOf(key: string, response: Response): Promise<Kept | { unkept: Uint8Array<ArrayBuffer> }> {
  const declared = declaredLength(response);
  const known = kept.get(key);
  // A kept answer's own body is left unread: it is bytes in memory (the catalogue's), and asking
  // for its stream to cancel it turned the adapter's light answer into a full one (~2x the CPU).
  if (known && (declared === null || declared === known.plainLength)) return known;
  const plain = new Uint8Array(await response.arrayBuffer());
  // A tagged 200 is JSON, never empty; a body shorter or longer than declared was cut or mixed up.
  if (plain.byteLength === 0 || (declared !== null && declared !== plain.byteLength)) return { unkept: plain };
  const copy = { gzip: new Uint8Array(gzipSync(plain)), plainLength: plain.byteLength };
  remember(key, copy);
  return copy;
}

/**
 * The gzip of a tagged 200 answer to a GET, from the kept copy when there is one; null when it
 * does not apply (then the caller compresses per request, or sends the answer as it is).
 */
export async function gzippedByTag(
  method: string,
  path: string,
  response: Response,
  acceptEncoding: string | undefined,
): Promise<Response | null> {
  const tag = response.headers.get('etag');
  if (method !== 'GET' || response.status !== 200 || !tag || response.headers.has('content-encoding') || !acceptsGzip(acceptEncoding)) {
    return null;
  }
  const copy = await gzipOf(`${path} ${tag}`, response);
  const headers = new Headers(response.headers);
  if ('unkept' in copy) {
    // Sent as read, uncompressed and kept nowhere; Node sets the length of what is actually sent.
    headers.delete('content-length');
    return new Response(copy.unkept, { status: 200, headers });
  }
  headers.set('content-encoding', 'gzip');
  headers.set('content-length', String(copy.gzip.byteLength));
  // As hono's compress() does: the tag names the uncompressed bytes, so the sent ones carry it weakly.
  if (!tag.startsWith('W/')) headers.set('etag', `W/${tag}`);
  const vary = headers.get('vary');
  if (!vary || !/\baccept-encoding\b/i.test(vary)) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  return new Response(copy.gzip, { status: 200, headers });
}
