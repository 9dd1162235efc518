import { sql, type Kysely } from 'kysely';
import { selectPolicies, toPolicy } from './policies.ts';
import type { Database } from './schema.ts';

/** The whole catalogue as the JSON GET /api/policies answers with, and its entity tag. */
export interface CatalogueBody {
  /** UTF-8 JSON, encoded once: encoding ~300 KB of text was a large part of every answer. */
  json: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface Cached extends CatalogueBody {
  /** The catalogue version it was built at. */
  version: number;
  /** The popularity totals it was built with, and when they were last compared. */
  popularity: string;
  popularityCheckedAt: number;
}

/** One entry per database (per isolate on Workers). */
const cache = new WeakMap<Kysely<Database>, Cached>();

/**
 * The catalogue's version: any policy insert or edit raises max(policies.version) (sync
 * triggers) and a delete leaves a newer tombstone. Two index look-ups, whatever the size of
 * the catalogue, on every request (a 304 included). Views and applications are not in it: a
 * view writes policy_stats only, so it never makes the next request rebuild the catalogue.
 */
export const catalogueVersionOf = sql<number>`max(coalesce((SELECT max(version) FROM policies), 0),
               coalesce((SELECT max(version) FROM tombstones WHERE entity = 'policies'), 0))`;

async function catalogueVersion(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ version: number }>`SELECT ${catalogueVersionOf} AS version`.execute(db);
  return Number(rows[0]?.version ?? 0);
}

/** What the popularity figures in the catalogue depend on; reads every stats row, so only now and then. */
async function popularityTotals(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ totals: string }>`
    SELECT count(*) || ':' || total(view_count) || ':' || total(application_count) AS totals FROM policy_stats`.execute(db);
  return rows[0]?.totals ?? '';
}

async function entityTag(json: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', json);
  const hex = [...new Uint8Array(digest, 0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

/**
 * GET /api/policies reads and serialises every policy (1,000 rows in the benchmark), which was
 * most of its cost. The serialised answer is kept and rebuilt when the catalogue's version
 * changes, so every answer reflects every committed edit at once. The popularity figures in it
 * are counted apart: compared at most every `popularityRefreshMs`, and the catalogue rebuilt
 * (and its tag changed) only if they moved, so views cost neither a rebuild nor a re-download
 * per view. GET /api/policies/:id and /api/policies/6 always show current popularity.
 */
export async function policyCatalogue(
  db: Kysely<Database>,
  popularityRefreshMs: number,
  views: { flush(): Promise<void> },
): Promise<CatalogueBody> {
  const version = await catalogueVersion(db);
  const now = Date.now();
  const cached = cache.get(db);
  // Views this process counted but has not written yet are written before popularity is read,
  // so the list counts them as the policy's own page does (lib/view-counter.ts).
  if (cached && cached.version === version) {
    if (now - cached.popularityCheckedAt < popularityRefreshMs) return cached;
    await views.flush();
    const popularity = await popularityTotals(db);
    cached.popularityCheckedAt = now;
    if (popularity === cached.popularity) return cached;
  }
  await views.flush();
  // Totals first: a view landing while the rows are read shows at the next comparison.
  const popularity = await popularityTotals(db);
  // A withdrawn policy leaves the catalogue (issue 29); its own page still answers for its applications.
  const rows = await selectPolicies(db).where('policies.withdrawn_at', 'is', null).orderBy('policies.creation_date', 'desc').execute();
  const json = new TextEncoder().encode(JSON.stringify(rows.map(toPolicy)));
  const entry: Cached = { json, etag: await entityTag(json), version, popularity, popularityCheckedAt: now };
  cache.set(db, entry);
  return entry;
}
