import type { RouteObject } from 'react-router-dom';
import { withScreenMessages } from '../../lib/i18n/runtime.ts';

/** /login and /register. */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: () => withScreenMessages(import('../../features/auth/login-page.tsx')).then((m) => ({ Component: m.LoginPage })) },
  { path: 'register', lazy: () => withScreenMessages(import('../../features/auth/register-page.tsx')).then((m) => ({ Component: m.RegisterPage })) },
];
