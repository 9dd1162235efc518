/**
 * The build's renderer (bundled for Node by pwa/scripts/prerender.ts): one public page to HTML
 * with React's static rendering, from the same routes and components the browser runs. It waits
 * for every lazy piece (route chunks, home's sections), so the HTML is the complete first screen.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { earlyCatalogueMax, EarlyCatalogueTemplate } from '../../features/policies/early-search-template.tsx';
import { EarlyQuoteTemplate } from '../../features/quote/early-quote-template.tsx';
import { basenameOf, localeOfPath, pathInLocale } from '../../lib/i18n/locale.ts';
import { activateLocale } from '../../lib/i18n/runtime.ts';
import type { EarlyAnswerPage } from '../../lib/early-answer.ts';
import type { PrerenderedData } from '../../lib/prerendered.tsx';
import { AppTree } from '../app-tree.tsx';
import { AppRoutes } from '../routes/app-routes.tsx';

export async function renderPage(data: PrerenderedData): Promise<string> {
  // The page's language comes from its address (/bn...), as in the browser (main.tsx, router.tsx).
  const locale = localeOfPath(data.path);
  await activateLocale(locale);
  const basename = basenameOf(locale) || undefined;
  // React's static rendering waits for the page's screens (each suspends until its code is here).
  const page = <AppTree router={<StaticRouter location={data.path} basename={basename}><AppRoutes /></StaticRouter>} prerendered={data} />;
  const { prelude } = await prerender(page);
  return new Response(prelude).text();
}

/**
 * What a page's early answer answers with (an inert <template>, rendered with the app's own
 * components in the page's language), or null: a page without one, or a catalogue with too many
 * policies for it (features/policies/early-search-template.tsx).
 */
export async function renderEarlyAnswer(data: PrerenderedData): Promise<{ kind: EarlyAnswerPage; template: string } | null> {
  const locale = localeOfPath(data.path);
  const catalogue = data.catalogue;
  const early =
    catalogue && catalogue.length > 0 && catalogue.length <= earlyCatalogueMax
      ? { kind: 'catalogue' as const, element: <EarlyCatalogueTemplate catalogue={catalogue} /> }
      : pathInLocale(data.path, 'en') === '/get-quote'
        ? { kind: 'quote' as const, element: <EarlyQuoteTemplate /> }
        : null;
  if (!early) return null;
  await activateLocale(locale);
  // The cards' links are the app's own (/bn/policies/... on a Bangla page).
  const template = renderToStaticMarkup(
    <MemoryRouter basename={basenameOf(locale) || undefined} initialEntries={[data.path]}>
      {early.element}
    </MemoryRouter>,
  );
  return { kind: early.kind, template };
}
