import { withFormMessages } from '../../lib/i18n/runtime.ts';
import type { ScreenRoute } from './screen-route.tsx';

/** Public screens (spec section 2), each loaded when first visited. */
export const publicRoutes: ScreenRoute[] = [
  { index: true, lazy: () => import('../../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage })) },
  // Both names of the catalogue (decisions: /all-policies and /policies show the same screen).
  { path: 'all-policies', lazy: () => import('../../features/policies/policy-catalogue.tsx').then((m) => ({ Component: m.PolicyCatalogue })) },
  { path: 'policies', lazy: () => import('../../features/policies/policy-catalogue.tsx').then((m) => ({ Component: m.PolicyCatalogue })) },
  { path: 'policies/:id', lazy: () => import('../../features/policies/policy-details.tsx').then((m) => ({ Component: m.PolicyDetails })) },
  { path: 'get-quote', lazy: () => import('../../features/quote/get-quote-page.tsx').then((m) => ({ Component: m.GetQuotePage })) },
  // The spec's spelling of this route is kept on purpose.
  { path: 'policy-apply-from', lazy: () => withFormMessages(import('../../features/apply/apply-page.tsx')).then((m) => ({ Component: m.ApplyPage })) },
  { path: 'blogs', lazy: () => import('./reading-pages.ts').then((m) => ({ Component: m.BlogsPage })) },
  // A post is read offline too, so it is not with the network-only pages (decision 0119).
  { path: 'blogs/:id', lazy: () => import('../../features/blogs/blog-details.tsx').then((m) => ({ Component: m.BlogDetails })) },
  { path: 'about', lazy: () => import('./reading-pages.ts').then((m) => ({ Component: m.AboutPage })) },
  { path: 'contact', lazy: () => import('./reading-pages.ts').then((m) => ({ Component: m.ContactPage })) },
  { path: 'verify/:code', lazy: () => import('./content-pages.ts').then((m) => ({ Component: m.VerifyPage })) },
  // The newsletter's unsubscribe link (issue 29): works signed out; never prerendered (the token is the page).
  { path: 'unsubscribe/:token', lazy: () => withFormMessages(import('./content-pages.ts')).then((m) => ({ Component: m.UnsubscribePage })) },
  { path: 'forbidden', lazy: () => import('./content-pages.ts').then((m) => ({ Component: m.Forbidden })) },
];
