/** The application form's checks (spec section 5), with the messages shown under each field. */

export interface ApplicationForm {
  policyId: string;
  name: string;
  address: string;
  nid: string;
  phone: string;
  nomineeName: string;
  relationship: string;
  healthConditions: string[];
}

export type ApplicationField = keyof ApplicationForm | 'estimatedPremium';
export type ApplicationErrors = Partial<Record<ApplicationField, string>>;

/** The order the fields appear in, so focus can go to the first one that needs attention. */
export const fieldOrder: ApplicationField[] = ['policyId', 'name', 'estimatedPremium', 'address', 'nid', 'phone', 'nomineeName', 'relationship'];

export function checkApplication(form: ApplicationForm, estimatedPremium: number | null): ApplicationErrors {
  const errors: ApplicationErrors = {};
  if (!form.policyId) errors.policyId = 'Please choose a policy';
  if (!form.name.trim()) errors.name = 'Name is required';
  if (estimatedPremium === null) errors.estimatedPremium = 'Please get a quote first: the estimated premium comes from it.';
  if (!form.address.trim()) errors.address = 'Address is required';
  if (!form.nid.trim()) errors.nid = 'NID is required';
  else if (!/^\d+$/.test(form.nid.trim())) errors.nid = 'NID must be a number (digits only)';
  if (form.phone.trim() && !/^\+?[\d\s-]{6,20}$/.test(form.phone.trim())) errors.phone = 'Please enter a valid phone number';
  if (!form.nomineeName.trim()) errors.nomineeName = 'Nominee name is required';
  if (!form.relationship.trim()) errors.relationship = 'Relationship is required';
  return errors;
}

/** 'None of the Above' excludes the others, and choosing another condition unticks it. */
export function toggleCondition(current: string[], condition: string, checked: boolean): string[] {
  const none = 'None of the Above';
  if (!checked) return current.filter((c) => c !== condition);
  if (condition === none) return [none];
  return [...current.filter((c) => c !== none && c !== condition), condition];
}
