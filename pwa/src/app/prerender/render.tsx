/**
 * The build's renderer (bundled for Node by pwa/scripts/prerender.ts): one public page to HTML
 * with React's static rendering, from the same routes and components the browser runs. It waits
 * for every lazy piece (route chunks, home's sections), so the HTML is the complete first screen.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider } from 'react-router-dom';
import { earlyCatalogueMax, EarlyCatalogueTemplate } from '../../features/policies/early-search-template.tsx';
import { EarlyQuoteTemplate } from '../../features/quote/early-quote-template.tsx';
import { basenameOf, localeOfPath, pathInLocale } from '../../lib/i18n/locale.ts';
import { activateLocale } from '../../lib/i18n/runtime.ts';
import type { EarlyAnswerPage } from '../../lib/early-answer.ts';
import type { PrerenderedData } from '../../lib/prerendered.tsx';
import { AppTree } from '../app-tree.tsx';
import { appRoutes } from '../routes/app-routes.tsx';

export async function renderPage(data: PrerenderedData): Promise<string> {
  // The page's language comes from its address (/bn...), as in the browser (main.tsx, router.tsx).
  const locale = localeOfPath(data.path);
  await activateLocale(locale);
  const handler = createStaticHandler(appRoutes, { basename: basenameOf(locale) || undefined });
  const context = await handler.query(new Request(new URL(data.path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${data.path} redirects (${context.status}): not a page to prerender`);
  if (context.statusCode !== 200) throw new Error(`${data.path} answers ${context.statusCode}: not a page to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script with the router's state (the CSP allows none; there are no loaders).
  const page = <AppTree router={<StaticRouterProvider router={router} context={context} hydrate={false} />} prerendered={data} />;
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
