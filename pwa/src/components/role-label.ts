import { t } from '../lib/i18n/runtime.ts';

/** A role (stored in English: user, agent, admin) in the page's language. */
export function roleLabel(role: string): string {
  const value = role.toLowerCase();
  if (value === 'user') return t('role.user');
  if (value === 'agent') return t('role.agent');
  if (value === 'admin') return t('role.admin');
  return role;
}
