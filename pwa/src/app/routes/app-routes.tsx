import { useRoutes } from 'react-router-dom';
import { RouteError } from '../../components/route-error.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { authRoutes } from './auth-routes.tsx';
import { dashboardRoutes } from './dashboard-routes.tsx';
import { publicRoutes } from './public-routes.tsx';
import { toRouteObjects, type ScreenRoute } from './screen-route.tsx';

/**
 * Every screen is its own lazily loaded chunk (route tables beside this file), so the first
 * visit loads only the layout and the route it opened. The browser's router (../router.tsx)
 * and the build's prerendering (../prerender/render.tsx) use this one table.
 */
export const appRoutes: ScreenRoute[] = [
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

/** The table as React Router renders it, made once. */
export const appRouteObjects = toRouteObjects(appRoutes);

/** The screen the address opens, inside the browser's router (../router.tsx) or the build's static one. */
export function AppRoutes() {
  return useRoutes(appRouteObjects);
}
