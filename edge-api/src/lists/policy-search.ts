/**
 * Catalogue search, one algorithm for the PWA's local copy and the server (issue 29; decision
 * 0079), so a search gives the same policies offline and online:
 *
 * 1. The spec's search first: the words typed, as one piece of text, inside the title or the
 *    description (English or Bangla), case-insensitively; in catalogue order.
 * 2. Only when that finds nothing, a forgiving search with MiniSearch over the titles and short
 *    details (both languages): every word typed must match a word there, exactly, as the start
 *    of one, or within one edit per five letters ("helth" finds "health", "সাস্থ্য" finds
 *    "স্বাস্থ্য"); best matches first.
 *
 * A search that finds its words as typed shows exactly those, as before; a typo no longer
 * shows nothing. Pure: no server or browser code, so both sides import it.
 */
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { normalise, substringMatches, type SearchablePolicy } from './policy-search-text.ts';

export { searchTextOf, substringMatches, type SearchablePolicy } from './policy-search-text.ts';

// The forgiving search reads the titles and short details, in both languages: the words people
// look for. Descriptions are long (a 10,000-policy index of them took seconds to build and a
// typo over them tens of milliseconds): the spec's search still finds their words as typed.
const fields = ['title', 'titleBn', 'shortDetails', 'shortDetailsBn'] as const;

// Words are split at spaces and punctuation, Bengali's danda (।) included; a Bengali word keeps
// its vowel signs and joiners (they are marks, not separators).
const separators = /[\s\p{Z}\p{P}\u0964\u0965]+/u;

const bengali = /[\u0980-\u09ff]/;

export const fuzzyOptions: SearchOptions = {
  combineWith: 'AND',
  prefix: (term) => term.length >= 3,
  // One edit in a word of 5 to 9 letters, two from 10; none in shorter words (a plan number).
  // A Bengali letter with its sign or conjunct is two or three code units, so a Bengali word
  // gets a larger share: dropping the ব of স্বা is two edits.
  fuzzy: (term) => (term.length < 5 ? false : bengali.test(term) ? 0.3 : 0.2),
  maxFuzzy: 2,
  boost: { title: 2, titleBn: 2 },
};

export const indexOptions: Options<SearchablePolicy> = {
  idField: 'id',
  fields: [...fields],
  storeFields: [],
  tokenize: (text) => text.split(separators),
  processTerm: (term) => (term ? normalise(term) : null),
  extractField: (document, field) => (document as unknown as Record<string, string | null | undefined>)[field] ?? '',
  searchOptions: fuzzyOptions,
};

export const newPolicyIndex = () => new MiniSearch<SearchablePolicy>(indexOptions);

export type PolicyIndex = MiniSearch<SearchablePolicy>;

/** Each list's policies by id, made once per list: 2 ms for 10,000 policies, on every key. */
const byIdOf = new WeakMap<readonly SearchablePolicy[], ReadonlyMap<string, SearchablePolicy>>();
function policiesById<T extends SearchablePolicy>(policies: readonly T[]): ReadonlyMap<string, T> {
  let byId = byIdOf.get(policies);
  if (!byId) byIdOf.set(policies, (byId = new Map(policies.map((policy) => [policy.id, policy]))));
  return byId as ReadonlyMap<string, T>;
}

/**
 * The policies found for `query`: `policies` in catalogue order, `texts` their searchTextOf,
 * `index` a MiniSearch index of the same policies (null while it is being built: then only the
 * spec's search answers, and the caller asks again once it is there).
 */
export function searchPolicies<T extends SearchablePolicy>(
  policies: readonly T[],
  texts: readonly string[],
  index: PolicyIndex | null,
  query: string,
): T[] {
  const exact = substringMatches(texts, query);
  if (exact.length > 0 || !index || !query.trim()) return exact.map((i) => policies[i]!);
  const byId = policiesById(policies);
  return index
    .search(normalise(query.trim()))
    .map((result) => byId.get(result.id as string))
    .filter((policy): policy is T => policy !== undefined);
}
