/**
 * The quote's Calculate before the app has hydrated (issue 32, decision 0091). On a slow phone
 * the prerendered form can be filled seconds before the app arrives; this script, inlined into
 * the prerendered quote pages (scripts/prerender.ts), answers Calculate in the meantime with the
 * app's own checks (quote-check.ts), formula and figures (estimate-figures.ts), in the app's own
 * estimate rendered by the build (early-quote-template.tsx). A form with something wrong is left
 * to the app, which says what. When the app is about to hydrate, the page is put back exactly as
 * prerendered, and the app answers the same (get-quote-page.tsx).
 */
import { isLocale } from '../../lib/i18n/locale.ts';
import { handOverOnHydration, isPageAsPrerendered } from '../../lib/early-answer.ts';
import { earlyQuoteId, figurePlaceholder } from './early-quote-id.ts';
import { estimateFigures } from './estimate-figures.ts';
import { checkQuoteForm, type QuoteForm } from './quote-check.ts';
import { genderLabelId, smokerLabelId } from './quote-labels.ts';

/** Every `{{name}}` in the text of `element` replaced by `texts[name]`. */
function fillIn(element: Element, texts: Record<string, string>) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const [name, text] of Object.entries(texts)) node.nodeValue = node.nodeValue!.split(figurePlaceholder(name)).join(text);
  }
}

function startEarlyQuote(): void {
  const template = document.getElementById(earlyQuoteId);
  const form = document.querySelector('#root form.quote__form');
  const placeholder = document.querySelector('#root .quote__result > .quote__placeholder');
  if (!isPageAsPrerendered(document.getElementById('root'))) return;
  if (!(template instanceof HTMLTemplateElement) || !(form instanceof HTMLFormElement) || !placeholder) return;
  const estimate = template.content.firstElementChild;
  if (!estimate) return;
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'en';
  const words = JSON.parse(template.dataset.words ?? '{}') as Record<string, string>;
  const value = (name: keyof QuoteForm) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : '';
  };
  let shown: Element | null = null;

  const restore = () => {
    shown?.replaceWith(placeholder);
    shown = null;
  };

  const answer = (event: Event) => {
    event.preventDefault();
    const { input } = checkQuoteForm({ age: value('age'), coverage: value('coverage'), duration: value('duration'), gender: value('gender'), smoker: value('smoker') });
    if (!input) return restore();
    const answered = estimate.cloneNode(true) as Element;
    fillIn(answered, {
      ...estimateFigures(input, locale),
      gender: words[genderLabelId(input.gender)] ?? input.gender,
      smoker: words[smokerLabelId(input.smoker)] ?? input.smoker,
    });
    (shown ?? placeholder).replaceWith(answered);
    shown = answered;
  };

  form.addEventListener('submit', answer);
  // A changed answer makes the estimate stale, as in the app.
  form.addEventListener('input', restore);
  handOverOnHydration('quote', {
    answered: () => shown !== null,
    restore,
    stop: () => {
      form.removeEventListener('submit', answer);
      form.removeEventListener('input', restore);
    },
  });
}

startEarlyQuote();
