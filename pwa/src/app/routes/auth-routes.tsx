import { withFormMessages } from '../../lib/i18n/runtime.ts';
import type { ScreenRoute } from './screen-route.tsx';

/** /login and /register. */
export const authRoutes: ScreenRoute[] = [
  { path: 'login', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.LoginPage })) },
  { path: 'register', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.RegisterPage })) },
];
