import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from './routes/app-routes.tsx';

const router = createBrowserRouter(appRoutes);

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
