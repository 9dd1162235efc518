/**
 * The catalogue search's text side (lists/policy-search.ts): what a policy is searched by, and
 * the spec's search over it. Apart from the MiniSearch side so that a page can search as you
 * type without loading the search library until a search finds nothing.
 */
export interface SearchablePolicy {
  id: string;
  title: string;
  description: string;
  titleBn?: string | null;
  descriptionBn?: string | null;
  /** Searched by the forgiving search with the titles (lists/policy-search.ts). */
  shortDetails?: string;
  shortDetailsBn?: string | null;
}

/** One form of each text: NFC (one way to write a Bengali conjunct), lower case. */
export const normalise = (text: string) => text.normalize('NFC').toLowerCase();

export const searchTextOf = (policy: SearchablePolicy) =>
  normalise(`${policy.title}\n${policy.description}\n${policy.titleBn ?? ''}\n${policy.descriptionBn ?? ''}`);

/** Per list of texts, the last search and what it found. */
const lastSearch = new WeakMap<readonly string[], { needle: string; found: readonly number[] }>();

/** The spec's search: indexes of the policies whose text holds the query (all of them for a blank one). */
export function substringMatches(texts: readonly string[], query: string): number[] {
  const needle = normalise(query.trim());
  if (!needle) return texts.map((_, i) => i);
  // Typed a letter at a time, each search holds the last one's words: only what the last one
  // found can hold them (10,000 policies: a typo's search reads none of their texts again).
  const last = lastSearch.get(texts);
  const candidates = last && last.needle && needle.includes(last.needle) ? last.found : null;
  const found: number[] = [];
  if (candidates) {
    for (const i of candidates) if (texts[i]!.includes(needle)) found.push(i);
  } else {
    for (let i = 0; i < texts.length; i++) if (texts[i]!.includes(needle)) found.push(i);
  }
  lastSearch.set(texts, { needle, found });
  return found;
}

