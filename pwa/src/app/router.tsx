import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { basenameOf, localeOfPath } from '../lib/i18n/locale.ts';
import { appRoutes } from './routes/app-routes.tsx';

// Bangla pages are the same routes under /bn (docs/decisions/0071-translation.md): as the
// basename, every link and navigation of a Bangla page stays in Bangla with no change of its own.
const router = createBrowserRouter(appRoutes, { basename: basenameOf(localeOfPath(location.pathname)) || undefined });

/**
 * Settles once the opened route's code has loaded. A prerendered page is hydrated only then, so
 * the first client render holds the same screen as the HTML (main.tsx).
 */
export const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});

/** Settles once the opened route's screen is painted (start.ts waits for it). */
export const firstScreenShown = routerReady.then(
  () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
