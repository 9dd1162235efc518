/** The Add Policy form checks with the server's policy schema: same verdicts, same words. */
import { describe, expect, it } from 'vitest';
import { policyInput } from 'edge-api/src/schemas/policy.ts';
import { checkPolicyForm, emptyPolicyForm, formValuesOf, type PolicyFormValues } from './policy-form-rules.ts';

const filled: PolicyFormValues = {
  title: 'Shurokkha Term Shield',
  category: 'Term Life',
  description: 'Pays a lump sum to the family.',
  shortDetails: 'Cover for ten years',
  titleBn: 'সুরক্ষা টার্ম শিল্ড',
  shortDetailsBn: '',
  descriptionBn: '',
  minAge: '১৮',
  maxAge: '60',
  coverageRange: '2500000',
  duration: '10',
  basePremium: '50000000',
};
const picture = new File([new Uint8Array(10)], 'plan.png', { type: 'image/png' });

describe('the Add Policy form and the server agree', () => {
  it('takes the optional Bangla texts (blank is none) and numbers typed in Bengali digits', () => {
    const checked = checkPolicyForm(filled, picture);
    expect(checked.policy).toMatchObject({ titleBn: 'সুরক্ষা টার্ম শিল্ড', shortDetailsBn: null, descriptionBn: null, minAge: 18 });
  });

  it('names every empty field as the spec asks', () => {
    expect(checkPolicyForm(emptyPolicyForm, null).errors).toEqual({
      title: 'Title is required',
      category: 'Category is required',
      description: 'Description is required',
      shortDetails: 'Short details is required',
      minAge: 'Minimum age is required',
      maxAge: 'Maximum age is required',
      coverageRange: 'Coverage range is required',
      duration: 'Duration is required',
      basePremium: 'Base premium is required',
      image: 'Image is required',
    });
  });

  it.each([
    [{ maxAge: '17' }, 'maxAge'],
    [{ duration: '4' }, 'duration'],
    [{ category: 'Car' }, 'category'],
    [{ coverageRange: '0' }, 'coverageRange'],
  ] as const)('refuses %o with the server message', (change, field) => {
    const form = checkPolicyForm({ ...filled, ...change }, picture);
    const server = policyInput.safeParse({ ...filled, ...change, image: 'https://example.test/plan.png' });
    expect(server.success).toBe(false);
    expect(form.errors[field]).toBe(server.error?.issues.find((issue) => issue.path[0] === field)?.message);
  });

  it('sends numbers as numbers, and refuses a non-image picture', () => {
    expect(checkPolicyForm(filled, picture).policy).toMatchObject({ minAge: 18, duration: 10, basePremium: 50_000_000, category: 'Term Life' });
    // Coverage is typed in taka (Bengali digits and lakh grouping too) and sent in poisha.
    expect(checkPolicyForm(filled, picture).policy?.coverageRange).toBe(250_000_000);
    expect(checkPolicyForm({ ...filled, coverageRange: '২৫,০০,০০০' }, picture).policy?.coverageRange).toBe(250_000_000);
    expect(formValuesOf({ ...checkPolicyForm(filled, picture).policy!, titleBn: null, shortDetailsBn: null, descriptionBn: null }).coverageRange).toBe('2500000');
    const pdf = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    expect(checkPolicyForm(filled, pdf).errors).toEqual({ image: 'Please upload an image file (jpg, png, etc.)' });
  });
});
