import { sql, type Kysely } from 'kysely';
import { selectPolicies, toPolicy } from './policies.ts';
import type { Database } from './schema.ts';

/** The whole catalogue as the JSON GET /policies answers with, and its entity tag. */
export interface CatalogueBody {
  /** UTF-8 JSON, encoded once: encoding ~300 KB of text was a large part of every answer. */
  json: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface Cached extends CatalogueBody {
  stamp: string;
  freshUntil: number;
}

/**
 * Views and applications can in principle move between policies without changing the totals
 * the stamp sees; a short lifetime bounds how long popularity could then lag.
 */
const lifetimeMs = 2000;

/** One entry per database (per isolate on Workers); correctness comes from the stamp. */
const cache = new WeakMap<Kysely<Database>, Cached>();

/**
 * What the catalogue's content depends on, read in one cheap indexed query: any policy insert
 * or edit raises max(version) (sync triggers), a delete lowers count, and a view or an
 * application changes the policy_stats totals.
 */
async function catalogueStamp(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ stamp: string }>`
    SELECT (SELECT coalesce(max(version), 0) || ':' || count(*) FROM policies) || ':' ||
           (SELECT count(*) || ':' || total(view_count) || ':' || total(application_count) FROM policy_stats) AS stamp`.execute(db);
  return rows[0]?.stamp ?? '';
}

async function entityTag(json: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', json);
  const hex = [...new Uint8Array(digest, 0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

/**
 * GET /policies reads and serialises every policy (1,000 rows in the benchmark), which was
 * most of its cost. The serialised answer is kept and rebuilt only when the stamp changes (or
 * after `lifetimeMs`), so every answer still reflects every committed edit.
 */
export async function policyCatalogue(db: Kysely<Database>): Promise<CatalogueBody> {
  const stamp = await catalogueStamp(db);
  const now = Date.now();
  const cached = cache.get(db);
  if (cached && cached.stamp === stamp && now < cached.freshUntil) return cached;
  const rows = await selectPolicies(db).orderBy('policies.creation_date', 'desc').execute();
  const json = new TextEncoder().encode(JSON.stringify(rows.map(toPolicy)));
  const entry: Cached = { json, etag: await entityTag(json), stamp, freshUntil: now + lifetimeMs };
  cache.set(db, entry);
  return entry;
}
