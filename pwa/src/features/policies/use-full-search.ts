/**
 * The catalogue's whole search (fuzzy-search.ts) for this catalogue, once `wanted` (the person
 * is on the search box): null until it is loaded and built, then the function. Built again
 * when the catalogue changes.
 */
import { useEffect, useState } from 'react';
import type { SearchablePolicy } from 'edge-api/src/lists/policy-search-text.ts';
import type { FullSearch, PolicySearchIndex } from './policy-search.ts';

export function useFullSearch<T extends SearchablePolicy>(index: PolicySearchIndex<T>, wanted: boolean): FullSearch<T> | null {
  const [built, setBuilt] = useState<{ for: PolicySearchIndex<T>; search: FullSearch<T> } | null>(null);
  useEffect(() => {
    if (!wanted || index.policies.length === 0 || built?.for === index) return;
    let current = true;
    void import('./fuzzy-search.ts')
      .then(({ buildFullSearch }) => buildFullSearch(index))
      .then((search) => {
        if (current) setBuilt({ for: index, search });
      })
      // Without it the spec's search still answers; a failed chunk load is tried at the next change.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, index, built]);
  return built?.for === index ? built.search : null;
}
