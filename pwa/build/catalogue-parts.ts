/**
 * The catalogues in two parts (docs/decisions/0071-translation.md): the texts of the public pages
 * and the shell, loaded before the first render, and those of the screens behind sign-in and
 * their forms (auth, dashboard, apply, agent request), loaded with those screens' code
 * (app/routes/*: `withScreenMessages`). Split by the message id's first word.
 */
export const screenMessagePrefixes = [
  'addPolicy', 'admin', 'agentDash', 'agentRequest', 'app', 'apply', 'apps', 'audit', 'auth', 'blogForm', 'chart', 'claim',
  'customers', 'dashboard', 'health', 'makeAdmin', 'manage', 'menu', 'password', 'pay', 'picker', 'profile', 'relation', 'tx',
] as const;

export type CataloguePart = 'shell' | 'screens';

export const partOf = (id: string): CataloguePart =>
  (screenMessagePrefixes as readonly string[]).includes(id.split('.')[0] ?? '') ? 'screens' : 'shell';
