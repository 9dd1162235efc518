import { BrowserRouter } from 'react-router-dom';
import { basenameOf, localeOfPath } from '../lib/i18n/locale.ts';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';
import { appRouteObjects, AppRoutes } from './routes/app-routes.tsx';
import { preloadScreens } from './routes/screen-route.tsx';

// Bangla pages are the same routes under /bn (docs/decisions/0071-translation.md): as the
// basename, every link and navigation of a Bangla page stays in Bangla with no change of its own.
const basename = basenameOf(localeOfPath(location.pathname)) || undefined;

/**
 * Settles once the opened route's code has loaded. A prerendered page is hydrated only then, so
 * the first client render holds the same screen as the HTML (main.tsx).
 * Matched in a task of its own, once the app's modules have run: ranking the routes and matching
 * the address was a fifth of the one long task that evaluates them (decision 0093).
 */
export const routerReady = yieldToBrowser().then(() => preloadScreens(appRouteObjects, location.pathname, basename));

/** The app's routes: rendered only once `routerReady` has settled (main.tsx). */
export function AppRouter() {
  return (
    <BrowserRouter basename={basename}>
      <AppRoutes />
    </BrowserRouter>
  );
}
