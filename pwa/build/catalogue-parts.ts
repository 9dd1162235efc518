/**
 * The catalogues in two parts (docs/decisions/0071-translation.md): the texts of the public pages
 * and the shell, loaded before the first render, and those of the screens behind sign-in and
 * their forms (auth, dashboard, apply, agent request), loaded with those screens' code
 * (app/routes/*: `withScreenMessages`). Split by the message id's first word.
 */
export const screenMessagePrefixes = [
  'addPolicy', 'admin', 'agentDash', 'agentRequest', 'app', 'apply', 'apps', 'audit', 'auth', 'blogForm', 'chart', 'claim', 'claims',
  'customers', 'dashboard', 'health', 'makeAdmin', 'manage', 'menu', 'papers', 'password', 'pay', 'picker', 'prem', 'coll', 'profile', 'relation', 'tx',
  // Issue 29: the unsubscribe page is opened from an email, never prerendered; its texts come with it.
  'unsubscribe',
] as const;

/**
 * Of the screens' texts, those of the forms a visitor opens (sign-in, registration, the
 * application, unsubscribe) are a part of their own, `forms` (`withFormMessages`): a visitor's
 * first visit then never downloads or precaches the signed-in screens' texts, four fifths of
 * them (docs/decisions/0087-bengali-first-visit-bytes.md). The signed-in screens load both.
 */
export const formMessagePrefixes = ['apply', 'auth', 'health', 'relation', 'unsubscribe'] as const;

export type CataloguePart = 'shell' | 'forms' | 'screens';

export const partOf = (id: string): CataloguePart => {
  const prefix = id.split('.')[0] ?? '';
  if (!(screenMessagePrefixes as readonly string[]).includes(prefix)) return 'shell';
  return (formMessagePrefixes as readonly string[]).includes(prefix) ? 'forms' : 'screens';
};
