import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { basenameOf, localeOfPath } from '../lib/i18n/locale.ts';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';
import { appRoutes } from './routes/app-routes.tsx';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * Settles once the opened route's code has loaded. A prerendered page is hydrated only then, so
 * the first client render holds the same screen as the HTML (main.tsx).
 * The router is made in a task of its own, once the app's modules have run: ranking the routes
 * and matching the address was a fifth of the one long task that evaluates them (decision 0093).
 */
export const routerReady = yieldToBrowser().then(() => {
  // Bangla pages are the same routes under /bn (docs/decisions/0071-translation.md): as the
  // basename, every link and navigation of a Bangla page stays in Bangla with no change of its own.
  const made = createBrowserRouter(appRoutes, { basename: basenameOf(localeOfPath(location.pathname)) || undefined });
  router = made;
  return new Promise<void>((resolve) => {
    if (made.state.initialized) return resolve();
    const unsubscribe = made.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
});

/** Settles once the opened route's screen is painted (start.ts waits for it). */
export const firstScreenShown = routerReady.then(
  () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
);

/** The app's routes: rendered only once `routerReady` has settled (main.tsx). */
export function AppRouter() {
  if (!router) throw new Error('AppRouter rendered before routerReady settled');
  return <RouterProvider router={router} />;
}
