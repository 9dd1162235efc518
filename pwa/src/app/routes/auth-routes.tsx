import type { RouteObject } from 'react-router-dom';

/** /login and /register. */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: () => import('../../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })) },
  { path: 'register', lazy: () => import('../../features/auth/register-page.tsx').then((m) => ({ Component: m.RegisterPage })) },
];
