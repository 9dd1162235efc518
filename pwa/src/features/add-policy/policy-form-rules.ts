/**
 * The Add Policy form's rules (spec sections 3 and 5), with the server's own messages; the
 * server checks them again (edge-api commands/policies.ts).
 */
export const categories = ['Term Life', 'Senior', 'Child'] as const;
export const durations = [3, 5, 7, 10] as const;
export const basePremiums = [100000, 500000, 1000000] as const;
export const maxImageBytes = 10 * 1024 * 1024;

export interface PolicyFormValues {
  title: string;
  category: string;
  description: string;
  shortDetails: string;
  minAge: string;
  maxAge: string;
  coverageRange: string;
  duration: string;
  basePremium: string;
}

export type PolicyField = keyof PolicyFormValues | 'image';

export const emptyPolicyForm: PolicyFormValues = {
  title: '',
  category: '',
  description: '',
  shortDetails: '',
  minAge: '',
  maxAge: '',
  coverageRange: '',
  duration: '',
  basePremium: '',
};

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);

export function checkPolicyForm(values: PolicyFormValues, image: File | null): Partial<Record<PolicyField, string>> {
  const errors: Partial<Record<PolicyField, string>> = {};
  if (!values.title.trim()) errors.title = 'Title is required';
  if (!values.category) errors.category = 'Category is required';
  if (!values.description.trim()) errors.description = 'Description is required';
  if (!values.shortDetails.trim()) errors.shortDetails = 'Short details is required';
  const minAge = whole(values.minAge);
  const maxAge = whole(values.maxAge);
  if (!values.minAge.trim()) errors.minAge = 'Minimum age is required';
  else if (minAge === null || minAge > 120) errors.minAge = 'Minimum age must be a whole number from 0 to 120';
  if (!values.maxAge.trim()) errors.maxAge = 'Maximum age is required';
  else if (maxAge === null || maxAge > 120) errors.maxAge = 'Maximum age must be a whole number from 0 to 120';
  else if (minAge !== null && maxAge < minAge) errors.maxAge = 'Maximum age must be at least the minimum age';
  const coverage = whole(values.coverageRange);
  if (!values.coverageRange.trim()) errors.coverageRange = 'Coverage range is required';
  else if (coverage === null || coverage <= 0) errors.coverageRange = 'Coverage range must be more than 0';
  if (!values.duration) errors.duration = 'Duration is required';
  if (!values.basePremium) errors.basePremium = 'Base premium is required';
  if (!image) errors.image = 'Image is required';
  else if (!image.type.startsWith('image/') || image.type === 'image/svg+xml') errors.image = 'Please upload an image file (jpg, png, etc.)';
  else if (image.size > maxImageBytes) errors.image = 'Maximum size is 10MB';
  return errors;
}
