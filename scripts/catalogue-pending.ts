/**
 * Screens whose texts are not yet all in the catalogues (scripts/catalogue-check.test.ts). A file
 * leaves this list when its last literal text goes through t(); the test fails on a file that has
 * literal texts and is not listed, and on a listed file that has none left.
 */
export const stillToTranslate: string[] = [
  'app/layouts/sync-problems.tsx',
  'app/router.tsx',
  'app/routes/app-routes.tsx',
  'app/routes/dashboard-routes.tsx',
  'app/start.ts',
  'components/update-prompt.tsx',
  'features/assigned-customers/assigned-customers-page.tsx',
  'features/audit-log/audit-log-page.tsx',
  'features/auth/google-sign-in.tsx',
  'features/claims/decide-claim.ts',
  'features/make-admin/make-admin-page.tsx',
  'features/manage-blogs/blog-form.tsx',
  'features/manage-blogs/manage-blogs-page.tsx',
];
