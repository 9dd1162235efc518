/**
 * The public pages a visitor opens less often as a first page, loaded together: one file in a
 * visitor's precache instead of ~6 small ones, each with its own ~350 bytes of headers and a
 * re-export file of its own (docs/decisions/0087-bengali-first-visit-bytes.md). The home, the
 * catalogue, a policy, the quote and the application keep their own files: they are the pages
 * people land on, and a first render should not wait for the others. About, blogs and contact
 * are prerendered pages too, read without the forms' code: they are reading-pages.ts.
 * Every page here needs the network (a blog post, read offline too, has its own file): a
 * visitor's precache leaves this file out, and a visitor fetches it when first opening one
 * (decision 0119).
 */
export { LoginPage } from '../../features/auth/login-page.tsx';
export { RegisterPage } from '../../features/auth/register-page.tsx';
export { ForgotPasswordPage } from '../../features/auth/forgot-password-page.tsx';
export { ResetPasswordPage } from '../../features/auth/reset-password-page.tsx';
export { UnsubscribePage } from '../../features/unsubscribe/unsubscribe-page.tsx';
export { VerifyPage } from '../../features/verify/verify-page.tsx';
export { Forbidden } from '../../components/forbidden.tsx';
