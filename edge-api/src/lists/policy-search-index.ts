/**
 * GET /api/policies/search (issue 29): the catalogue search of lists/policy-search.ts on the
 * server, for the pages whose catalogue is not on the device yet (a first visit still
 * downloading it). The policies, their texts and the MiniSearch index are kept per catalogue
 * version (one per database; per isolate on Workers), as the catalogue's JSON is (decision
 * 0062): built once per edit, not per search. Popularity in the answers is that of the build.
 */
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { catalogueVersionOf } from '../db/policy-catalogue.ts';
import { selectPolicies, toPolicy, type Policy } from '../db/policies.ts';
import type { Database } from '../db/schema.ts';
import { pageParams, pageWindow, searchParam, type Page } from './paging.ts';
import { newPolicyIndex, searchPolicies, searchTextOf, type PolicyIndex } from './policy-search.ts';

export const policySearchQuery = z.object({ q: searchParam, ...pageParams });
export type PolicySearchQuery = z.infer<typeof policySearchQuery>;

interface Built {
  version: number;
  policies: Policy[];
  texts: string[];
  index: PolicyIndex;
}

const cache = new WeakMap<Kysely<Database>, Built>();

async function built(db: Kysely<Database>): Promise<Built> {
  const { rows } = await sql<{ version: number }>`SELECT ${catalogueVersionOf} AS version`.execute(db);
  const version = Number(rows[0]?.version ?? 0);
  const kept = cache.get(db);
  if (kept?.version === version) return kept;
  // The PWA's order: newest first (features/policies/policy-catalogue.tsx).
  const policies = (await selectPolicies(db).orderBy('policies.creation_date', 'desc').execute()).map(toPolicy);
  const index = newPolicyIndex();
  index.addAll(policies);
  const entry = { version, policies, texts: policies.map(searchTextOf), index };
  cache.set(db, entry);
  return entry;
}

export async function searchCatalogue(db: Kysely<Database>, query: PolicySearchQuery): Promise<Page<Policy>> {
  const { policies, texts, index } = await built(db);
  const found = searchPolicies(policies, texts, index, query.q ?? '');
  const window = pageWindow(query);
  return { items: found.slice(window.offset, window.offset + window.pageSize), total: found.length, page: window.page, pageSize: window.pageSize };
}
