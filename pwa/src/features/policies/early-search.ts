/**
 * The catalogue's search before the app has hydrated (issue 32, decision 0091). On a slow phone
 * the prerendered catalogue shows in about 2.5 s but the app needs twice as long to arrive; this
 * script, inlined into the prerendered catalogue pages (scripts/prerender.ts), answers typing in
 * the meantime with the app's own search (the spec's search: `substringMatches`, which is also
 * the app's whole answer whenever it finds something) over the texts and cards the build
 * rendered with the app's own components (early-search-template.tsx). A search it finds nothing
 * for is left to the app, whose forgiving search may find what was meant.
 * When the app is about to hydrate, the page is put back exactly as prerendered.
 */
import { substringMatches } from 'edge-api/src/lists/policy-search-text.ts';
import { handOverOnHydration, isPageAsPrerendered } from '../../lib/early-answer.ts';
import { policiesPerPage } from './pagination.ts';
import { earlyCatalogueId } from './early-catalogue-id.ts';

function startEarlySearch(): void {
  const box = document.getElementById('policy-search');
  const template = document.getElementById(earlyCatalogueId);
  const list = document.querySelector('#root .catalogue .card-grid');
  const count = document.querySelector('#root .catalogue__count');
  if (!isPageAsPrerendered(document.getElementById('root'))) return;
  if (!(box instanceof HTMLInputElement) || !(template instanceof HTMLTemplateElement) || !list || !count) return;

  const cards = [...template.content.querySelectorAll<HTMLElement>('li[data-search]')];
  const texts = cards.map((card) => card.dataset.search ?? '');
  const counts = JSON.parse(template.dataset.counts ?? '[]') as string[];
  const pager = document.querySelector<HTMLElement>('#root .catalogue .pager');
  const prerenderedCount = count.textContent;
  const answer = list.cloneNode(false) as HTMLElement;
  let answering = false;

  const restore = () => {
    if (!answering) return;
    answering = false;
    answer.replaceWith(list);
    count.textContent = prerenderedCount;
    if (pager) pager.hidden = false;
  };

  const search = () => {
    const matches = box.value.trim() === '' ? [] : substringMatches(texts, box.value);
    if (matches.length === 0) return restore();
    answer.replaceChildren(
      ...matches.slice(0, policiesPerPage).map((i) => {
        const card = cards[i]!.cloneNode(true) as HTMLElement;
        card.removeAttribute('data-search');
        return card;
      }),
    );
    // The count is the page's live region: its text changes, so a screen reader hears it.
    count.textContent = counts[matches.length - 1] ?? '';
    if (pager) pager.hidden = true;
    if (!answering) list.replaceWith(answer);
    answering = true;
  };

  box.addEventListener('input', search);
  handOverOnHydration('catalogue', { answered: () => answering, restore, stop: () => box.removeEventListener('input', search) });
  // Typed before this script ran (it runs as the page finishes parsing).
  if (box.value) search();
}

startEarlySearch();
