import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RouteError } from '../components/route-error.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { authRoutes } from './routes/auth-routes.tsx';
import { dashboardRoutes } from './routes/dashboard-routes.tsx';
import { publicRoutes } from './routes/public-routes.tsx';

/**
 * Every screen is its own lazily loaded chunk (route tables in ./routes), so the first visit
 * loads only the layout and the route it opened.
 */
const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [...publicRoutes, ...authRoutes],
  },
  ...dashboardRoutes,
  {
    path: '*',
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [{ path: '*', lazy: () => import('../components/not-found.tsx').then((m) => ({ Component: m.NotFound })) }],
  },
]);

/** Settles once the opened route's code has loaded and its screen is painted (start.ts waits for it). */
export const firstScreenShown = new Promise<void>((resolve) => {
  const painted = () => requestAnimationFrame(() => setTimeout(resolve, 0));
  if (router.state.initialized) return painted();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    painted();
  });
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
