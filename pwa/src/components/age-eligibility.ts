/**
 * A policy's age range as the quote and the Apply form tell it (issue 29): the same rule as the
 * server's (edge-api/src/schemas/age-range.ts), in the page's language. Shell-part texts:
 * the quote is a public page.
 */
import { judgeAge, type AgeRange } from 'edge-api/src/schemas/age-range.ts';
import { formatNumber } from '../lib/i18n/format.ts';
import { t } from '../lib/i18n/runtime.ts';

/** "This policy is for ages 18 to 55." */
export const ageRangeText = (range: AgeRange) =>
  t('eligibility.range', { min: formatNumber(range.minAge), max: formatNumber(range.maxAge) });

/** Why this age cannot be covered by the policy, or null when it can. */
export function ageProblem(age: number, range: AgeRange): string | null {
  const verdict = judgeAge(age, range);
  if (verdict === 'ok') return null;
  if (verdict === 'future') return t('eligibility.future');
  return t(verdict === 'tooOld' ? 'eligibility.tooOld' : 'eligibility.tooYoung', {
    age: formatNumber(age),
    min: formatNumber(range.minAge),
    max: formatNumber(range.maxAge),
  });
}
