/**
 * The catalogue's search before the app has hydrated (issue 32, decision 0091). On a slow phone
 * the prerendered catalogue shows in about 2.5 s but the app needs twice as long to arrive; this
 * script, inlined into the prerendered catalogue pages (scripts/prerender.ts), answers typing in
 * the meantime with the app's own search over the texts and cards the build rendered with the
 * app's own components (early-search-template.tsx): the spec's search (`substringMatches`), and
 * when that finds nothing the forgiving search (MiniSearch, as the app's fuzzy-search.ts) over the
 * words the template carries, and when that finds nothing too the app's own "No policies found
 * matching your search." (decision 0119).
 * When the app is about to hydrate, the page is put back exactly as prerendered.
 */
import { searchPolicies, type SearchablePolicy } from 'edge-api/src/lists/policy-search.ts';
import { handOverOnHydration, isPageAsPrerendered } from '../../lib/early-answer.ts';
import { policiesPerPage } from './pagination.ts';
import { earlyCatalogueId, type EarlyForgivingWords } from './early-catalogue-id.ts';
import { forgivingIndexInSlices, whenIdle } from './forgiving-index-in-slices.ts';

function startEarlySearch(): void {
  const box = document.getElementById('policy-search');
  const template = document.getElementById(earlyCatalogueId);
  const list = document.querySelector('#root .catalogue .card-grid');
  const count = document.querySelector('#root .catalogue__count');
  if (!isPageAsPrerendered(document.getElementById('root'))) return;
  if (!(box instanceof HTMLInputElement) || !(template instanceof HTMLTemplateElement) || !list || !count) return;

  const cards = [...template.content.querySelectorAll<HTMLElement>('li[data-search]')];
  const texts = cards.map((card) => card.dataset.search ?? '');
  const empty = template.content.querySelector<HTMLElement>('.state--empty');
  const counts = JSON.parse(template.dataset.counts ?? '[]') as string[];
  const pager = document.querySelector<HTMLElement>('#root .catalogue .pager');
  const prerenderedCount = count.textContent;
  const answer = list.cloneNode(false) as HTMLElement;
  // What stands in the list's place while an answer shows: the cards found, or the empty state.
  let shown: HTMLElement | null = null;

  const policies: SearchablePolicy[] = cards.map((card, i) => ({
    id: String(i),
    description: '',
    ...(JSON.parse(card.dataset.words ?? '{}') as EarlyForgivingWords),
  }));
  // The forgiving search's index, built in slices while the page waits (decision 0124), finished
  // at once if a search needs it sooner.
  const forgiving = forgivingIndexInSlices(policies, whenIdle);

  const show = (element: HTMLElement) => {
    if (shown === element) return;
    (shown ?? list).replaceWith(element);
    shown = element;
  };

  const restore = () => {
    if (!shown) return;
    shown.replaceWith(list);
    shown = null;
    count.textContent = prerenderedCount;
    if (pager) pager.hidden = false;
  };

  const search = () => {
    const query = box.value;
    if (query.trim() === '') return restore();
    let found = substringFound(query);
    if (found.length === 0) found = searchPolicies(policies, texts, forgiving.complete(), query).map((policy) => Number(policy.id));
    if (found.length === 0 && !empty) return restore();
    if (found.length === 0) {
      // The app's own answer to a search that finds nothing: no count, the empty state, no pager.
      count.textContent = '';
      if (pager) pager.hidden = true;
      show(empty!);
      return;
    }
    answer.replaceChildren(
      ...found.slice(0, policiesPerPage).map((i) => {
        const card = cards[i]!.cloneNode(true) as HTMLElement;
        card.removeAttribute('data-search');
        card.removeAttribute('data-words');
        return card;
      }),
    );
    // The count is the page's live region: its text changes, so a screen reader hears it.
    count.textContent = counts[found.length - 1] ?? '';
    if (pager) pager.hidden = true;
    show(answer);
  };
  const substringFound = (query: string) => searchPolicies(policies, texts, null, query).map((policy) => Number(policy.id));

  box.addEventListener('input', search);
  const stop = () => {
    box.removeEventListener('input', search);
    forgiving.stop();
  };
  handOverOnHydration('catalogue', { answered: () => shown !== null, restore, stop });
  // Typed before this script ran (it runs as the page finishes parsing).
  if (box.value) search();
}

startEarlySearch();
