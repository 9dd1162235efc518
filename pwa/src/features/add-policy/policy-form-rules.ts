/**
 * The Add Policy form's rules (spec sections 3 and 5): the server's own schema
 * (edge-api/src/schemas/policy.ts) for the fields, and the shared image-file check for the
 * picture, which is uploaded before the policy is sent. The coverage is typed in taka and checked
 * and sent in poisha (`asSent`, the one conversion); the base premium's choices are poisha already.
 */
import { policyFormInput, type PolicyInput } from 'edge-api/src/schemas/policy.ts';
import { imageFileProblem } from 'edge-api/src/schemas/image.ts';
import { poishaToTaka, typedTakaAsPoisha } from 'edge-api/src/schemas/money.ts';
import type { Policy } from 'edge-api/src/db/policies.ts';
import { fieldErrors } from '../../lib/form-errors.ts';

export interface PolicyFormValues {
  title: string;
  category: string;
  description: string;
  shortDetails: string;
  titleBn: string;
  shortDetailsBn: string;
  descriptionBn: string;
  minAge: string;
  maxAge: string;
  /** Taka, as typed. */
  coverageRange: string;
  duration: string;
  basePremium: string;
}

export type PolicyField = keyof PolicyFormValues | 'image';
export type PolicyFormErrors = Partial<Record<PolicyField, string>>;

export const emptyPolicyForm: PolicyFormValues = {
  title: '',
  category: '',
  description: '',
  shortDetails: '',
  titleBn: '',
  shortDetailsBn: '',
  descriptionBn: '',
  minAge: '',
  maxAge: '',
  coverageRange: '',
  duration: '',
  basePremium: '',
};

/** The form's values as the schema takes them: the coverage typed in taka, in poisha. */
const asSent = (values: PolicyFormValues) => ({ ...values, coverageRange: typedTakaAsPoisha(values.coverageRange) });

export type CheckedPolicy =
  | { errors: PolicyFormErrors; policy: null; image: null }
  | { errors: Record<string, never>; policy: Omit<PolicyInput, 'image'>; image: File };

/** The errors to show, or the policy (numbers as numbers, text trimmed) and its picture to send. */
export function checkPolicyForm(values: PolicyFormValues, image: File | null): CheckedPolicy {
  const checked = policyFormInput.safeParse(asSent(values));
  const errors: PolicyFormErrors = checked.success ? {} : fieldErrors<PolicyField>(checked.error);
  const imageProblem = image ? imageFileProblem(image) : 'Image is required';
  if (imageProblem) errors.image = imageProblem;
  if (!checked.success || !image || imageProblem) return { errors, policy: null, image: null };
  return { errors: {}, policy: checked.data, image };
}

export type CheckedEdit =
  | { errors: PolicyFormErrors; policy: null }
  | { errors: Record<string, never>; policy: Omit<PolicyInput, 'image'>; image: File | null };

/** An edit (issue 29): the same rules, and a new picture only if one was chosen. */
export function checkPolicyEdit(values: PolicyFormValues, image: File | null): CheckedEdit {
  const checked = policyFormInput.safeParse(asSent(values));
  const errors: PolicyFormErrors = checked.success ? {} : fieldErrors<PolicyField>(checked.error);
  const imageProblem = image ? imageFileProblem(image) : null;
  if (imageProblem) errors.image = imageProblem;
  if (!checked.success || imageProblem) return { errors, policy: null };
  return { errors: {}, policy: checked.data, image };
}

/** A policy's values as the form holds them, to edit it. */
export function formValuesOf(
  policy: Pick<Policy, 'title' | 'category' | 'description' | 'shortDetails' | 'titleBn' | 'shortDetailsBn' | 'descriptionBn' | 'minAge' | 'maxAge' | 'coverageRange' | 'duration' | 'basePremium'>,
): PolicyFormValues {
  return {
    title: policy.title,
    category: policy.category,
    description: policy.description,
    shortDetails: policy.shortDetails,
    titleBn: policy.titleBn ?? '',
    shortDetailsBn: policy.shortDetailsBn ?? '',
    descriptionBn: policy.descriptionBn ?? '',
    minAge: String(policy.minAge),
    maxAge: String(policy.maxAge),
    coverageRange: String(poishaToTaka(policy.coverageRange)),
    duration: String(policy.duration),
    basePremium: String(policy.basePremium),
  };
}
