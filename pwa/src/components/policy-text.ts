import { currentLocale } from '../lib/i18n/runtime.ts';

interface PolicyTexts {
  title: string;
  shortDetails?: string;
  description?: string;
  titleBn?: string | null;
  shortDetailsBn?: string | null;
  descriptionBn?: string | null;
}

/**
 * A policy's title, short details and description in the page's language: on Bangla pages its
 * Bangla texts (issue 25), each falling back to the English one while it has none.
 */
export function policyText(policy: PolicyTexts) {
  const bangla = currentLocale() === 'bn';
  return {
    title: (bangla && policy.titleBn) || policy.title,
    shortDetails: (bangla && policy.shortDetailsBn) || policy.shortDetails || '',
    description: (bangla && policy.descriptionBn) || policy.description || '',
  };
}

/**
 * A policy as a record that keeps its names names it (an application, a claim, a receipt, an inbox
 * item): on Bangla pages by its Bangla title when it has one, else in English (issue 48).
 */
export function shownPolicyName<T extends string | null>(named: { policyName: T; policyNameBn?: string | null }): T | string {
  return (currentLocale() === 'bn' && named.policyNameBn) || named.policyName;
}
