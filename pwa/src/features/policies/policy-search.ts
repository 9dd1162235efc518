/**
 * Catalogue search on the device (issue 29; the algorithm is edge-api/src/lists/policy-search.ts,
 * which the server's GET /api/policies/search runs too). The texts of each policy are made once
 * per catalogue, so a keystroke over 10,000 policies is one pass of `includes`. The forgiving
 * search (MiniSearch, fuzzy-search.ts) is loaded and built only once the person starts on the
 * search box; until then, and for a search whose words are found as typed, the spec's search answers.
 */
import { searchTextOf, substringMatches, type SearchablePolicy } from 'edge-api/src/lists/policy-search-text.ts';

export interface PolicySearchIndex<T extends SearchablePolicy> {
  policies: readonly T[];
  texts: readonly string[];
}

export function buildSearchIndex<T extends SearchablePolicy>(policies: readonly T[]): PolicySearchIndex<T> {
  // The Bangla texts too, on either page: a Bangla word finds the policy that has it.
  return { policies, texts: policies.map(searchTextOf) };
}

/** The whole search, once the forgiving part is built for this catalogue (fuzzy-search.ts). */
export type FullSearch<T> = (query: string) => readonly T[];

export function searchPolicies<T extends SearchablePolicy>(index: PolicySearchIndex<T>, query: string, full?: FullSearch<T> | null): readonly T[] {
  if (full) return full(query);
  return substringMatches(index.texts, query).map((i) => index.policies[i]!);
}
