/**
 * The Add Policy form's rules (spec sections 3 and 5): the server's own schema
 * (edge-api/src/schemas/policy.ts) for the fields, and the shared image-file check for the
 * picture, which is uploaded before the policy is sent.
 */
import { policyFormInput, type PolicyInput } from 'edge-api/src/schemas/policy.ts';
import { imageFileProblem } from 'edge-api/src/schemas/image.ts';
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

export type CheckedPolicy =
  | { errors: PolicyFormErrors; policy: null; image: null }
  | { errors: Record<string, never>; policy: Omit<PolicyInput, 'image'>; image: File };

/** The errors to show, or the policy (numbers as numbers, text trimmed) and its picture to send. */
export function checkPolicyForm(values: PolicyFormValues, image: File | null): CheckedPolicy {
  const checked = policyFormInput.safeParse(values);
  const errors: PolicyFormErrors = checked.success ? {} : fieldErrors<PolicyField>(checked.error);
  const imageProblem = image ? imageFileProblem(image) : 'Image is required';
  if (imageProblem) errors.image = imageProblem;
  if (!checked.success || !image || imageProblem) return { errors, policy: null, image: null };
  return { errors: {}, policy: checked.data, image };
}
