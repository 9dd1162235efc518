import { withFormMessages } from '../../lib/i18n/runtime.ts';
import type { ScreenRoute } from './screen-route.tsx';

/** /login and /register; /forgot-password and the emailed link's /reset-password (issue 50). */
export const authRoutes: ScreenRoute[] = [
  { path: 'login', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.LoginPage })) },
  { path: 'register', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.RegisterPage })) },
  { path: 'forgot-password', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.ForgotPasswordPage })) },
  { path: 'reset-password', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.ResetPasswordPage })) },
];
