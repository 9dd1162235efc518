import type { RouteObject } from 'react-router-dom';

/** Public screens (spec section 2), each loaded when first visited. */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage })) },
  { path: 'forbidden', lazy: () => import('../../components/forbidden.tsx').then((m) => ({ Component: m.Forbidden })) },
];
