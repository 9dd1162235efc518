/**
 * The forgiving half of the catalogue search (MiniSearch, edge-api/src/lists/policy-search.ts),
 * in a chunk of its own: loaded when the person starts on the search box, never with the page.
 * The index is built in small steps (MiniSearch's addAllAsync), so typing stays smooth meanwhile.
 */
import { newPolicyIndex, searchPolicies, type SearchablePolicy } from 'edge-api/src/lists/policy-search.ts';
import type { FullSearch, PolicySearchIndex } from './policy-search.ts';

export async function buildFullSearch<T extends SearchablePolicy>({ policies, texts }: PolicySearchIndex<T>): Promise<FullSearch<T>> {
  const index = newPolicyIndex();
  await index.addAllAsync([...policies], { chunkSize: 200 });
  return (query) => searchPolicies(policies, texts, index, query);
}
