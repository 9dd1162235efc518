/**
 * The build's renderer (bundled for Node by pwa/scripts/prerender.ts): one public page to HTML
 * with React's static rendering, from the same routes and components the browser runs. It waits
 * for every lazy piece (route chunks, home's sections), so the HTML is the complete first screen.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider } from 'react-router-dom';
import { earlyCatalogueMax, EarlyCatalogueTemplate } from '../../features/policies/early-search-template.tsx';
import { basenameOf, localeOfPath } from '../../lib/i18n/locale.ts';
import { activateLocale } from '../../lib/i18n/runtime.ts';
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
 * The catalogue's early search template (features/policies/early-search-template.tsx) for a
 * catalogue page, or '' when the page has none or too many policies for it.
 */
export async function renderEarlyCatalogue(data: PrerenderedData): Promise<string> {
  const catalogue = data.catalogue;
  if (!catalogue || catalogue.length === 0 || catalogue.length > earlyCatalogueMax) return '';
  const locale = localeOfPath(data.path);
  await activateLocale(locale);
  const basename = basenameOf(locale) || undefined;
  // The cards' links are the app's own (/bn/policies/... on a Bangla page).
  return renderToStaticMarkup(
    <MemoryRouter basename={basename} initialEntries={[data.path]}>
      <EarlyCatalogueTemplate catalogue={catalogue} />
    </MemoryRouter>,
  );
}
