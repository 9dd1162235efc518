import type { RouteObject } from 'react-router-dom';
import { withFormMessages } from '../../lib/i18n/runtime.ts';

/** /login and /register. */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.LoginPage })) },
  { path: 'register', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.RegisterPage })) },
];
