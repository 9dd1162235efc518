/**
 * Catalogue search (spec: name or description, case-insensitive; in English and Bangla). The lowercase text of each
 * policy is made once per catalogue, so a keystroke over 10,000 policies is one pass of
 * `includes` and nothing else.
 */
import type { Policy } from '../../lib/local-db.ts';

export type SearchablePolicy = Pick<Policy, 'title' | 'description'> & Partial<Pick<Policy, 'titleBn' | 'descriptionBn'>>;

export interface PolicySearchIndex<T extends SearchablePolicy> {
  policies: readonly T[];
  texts: readonly string[];
}

export function buildSearchIndex<T extends SearchablePolicy>(policies: readonly T[]): PolicySearchIndex<T> {
  // The Bangla texts too, on either page: a Bangla word finds the policy that has it.
  return { policies, texts: policies.map((p) => `${p.title}\n${p.description}\n${p.titleBn ?? ''}\n${p.descriptionBn ?? ''}`.toLowerCase()) };
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
