/**
 * The application form's checks (spec section 5): the server's own request schema
 * (edge-api/src/schemas/application.ts), so the form and the server never disagree, plus the
 * rules only the form has: the premium must come from a quote, and the nominee's NID is asked
 * (the server still takes an older app's application without one, decision 0103).
 */
import { applicationFormInput, type ApplicationInput } from 'edge-api/src/schemas/application.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { ageOn, type AgeRange } from 'edge-api/src/schemas/eligibility.ts';
import { ageProblem } from '../../components/age-eligibility.ts';

/** What the form holds while it is being filled in: text as typed, and the ticked conditions. */
export type ApplicationForm = Record<Exclude<keyof ApplicationInput, 'healthConditions' | 'estimatedPremium' | 'quote' | 'premiumMode'>, string> & {
  healthConditions: string[];
  /** Issue 49: how often to pay; absent is monthly (the schema's default). */
  premiumMode?: string;
};

export type ApplicationField = keyof ApplicationForm | 'estimatedPremium';
export type ApplicationErrors = Partial<Record<ApplicationField, string>>;

/** The order the fields appear in, so focus can go to the first one that needs attention. */
export const fieldOrder: ApplicationField[] = ['policyId', 'name', 'dateOfBirth', 'estimatedPremium', 'address', 'nid', 'phone', 'nomineeName', 'nomineeNid', 'relationship'];

export const noQuoteMessage = 'Please get a quote first: the estimated premium comes from it.';

export type CheckedApplication = { errors: ApplicationErrors; request: null } | { errors: Record<string, never>; request: ApplicationInput };

/** The errors to show, or the request to send (trimmed, blank phone left out). */
export function checkApplication(
  form: ApplicationForm,
  estimatedPremium: number | null,
  /** The chosen policy's ages, when the device knows them (issue 29); the server checks again. */
  ages: AgeRange | null = null,
  today = new Date(),
): CheckedApplication {
  const checked = applicationFormInput.safeParse({ ...form, estimatedPremium });
  const errors: ApplicationErrors = checked.success ? {} : fieldErrors<ApplicationField>(checked.error);
  if (estimatedPremium === null) errors.estimatedPremium = fieldMessage(noQuoteMessage);
  const tooOldOrYoung = checked.success && ages ? ageProblem(ageOn(checked.data.dateOfBirth, today), ages) : null;
  if (tooOldOrYoung) errors.dateOfBirth = tooOldOrYoung;
  if (!checked.success || estimatedPremium === null || tooOldOrYoung) return { errors, request: null };
  return { errors: {}, request: checked.data };
}

/** 'None of the Above' excludes the others, and choosing another condition unticks it. */
export function toggleCondition(current: string[], condition: string, checked: boolean): string[] {
  const none = 'None of the Above';
  if (!checked) return current.filter((c) => c !== condition);
  if (condition === none) return [none];
  return [...current.filter((c) => c !== none && c !== condition), condition];
}
