/**
 * Catalogue search (spec: name or description, case-insensitive). The lowercase text of each
 * policy is made once per catalogue, so a keystroke over 10,000 policies is one pass of
 * `includes` and nothing else.
 */
import type { Policy } from '../../lib/local-db.ts';

export type SearchablePolicy = Pick<Policy, 'title' | 'description'>;

export interface PolicySearchIndex<T extends SearchablePolicy> {
  policies: readonly T[];
  texts: readonly string[];
}

export function buildSearchIndex<T extends SearchablePolicy>(policies: readonly T[]): PolicySearchIndex<T> {
  return { policies, texts: policies.map((p) => `${p.title}\n${p.description}`.toLowerCase()) };
}

export function searchPolicies<T extends SearchablePolicy>(index: PolicySearchIndex<T>, query: string): readonly T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return index.policies;
  const found: T[] = [];
  for (let i = 0; i < index.texts.length; i++) {
    if (index.texts[i]!.includes(needle)) found.push(index.policies[i]!);
  }
  return found;
}
