import type { RouteObject } from 'react-router-dom';
import { RouteError } from '../../components/route-error.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { authRoutes } from './auth-routes.tsx';
import { dashboardRoutes } from './dashboard-routes.tsx';
import { publicRoutes } from './public-routes.tsx';

/**
 * Every screen is its own lazily loaded chunk (route tables beside this file), so the first
 * visit loads only the layout and the route it opened. The browser's router (../router.tsx)
 * and the build's prerendering (../prerender/render.tsx) use this one table.
 */
export const appRoutes: RouteObject[] = [
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
    children: [{ path: '*', lazy: () => import('../../components/not-found.tsx').then((m) => ({ Component: m.NotFound })) }],
  },
];
