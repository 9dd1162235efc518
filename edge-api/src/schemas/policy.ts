/**
 * The policy catalogue's constants and the Add/Edit Policy request (spec sections 3, 5 and 9),
 * written once: the server's route and the PWA's Add Policy form and quote use these. Amounts
 * are poisha on the wire; the form converts the taka a person types (schemas/money.ts).
 */
import { z } from './zod.ts';
import { imageUrl, numberLike, optionalText, requiredText } from './fields.ts';
import { basePremiumChoices, policyCategories, policyDurations } from './policy-choices.ts';

export { basePremiumChoices, policyCategories, policyDurations, type PolicyCategory } from './policy-choices.ts';

const age = (label: string) =>
  numberLike(`${label} is required`).pipe(
    z.number().int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(120, `${label} must be at most 120`),
  );

/** A form's untouched select sends '': that is "required", any other stranger "must be one of". */
const chosen = (label: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${label} is required` })
    .refine((value) => value !== '', `${label} is required`);

const oneOf = <T extends number>(label: string, choices: readonly T[], message: string) =>
  chosen(label).pipe(numberLike(message).refine((value): value is T => (choices as readonly number[]).includes(value), message));

/** The fields without the image, which the form holds as a file until it is uploaded. */
export const policyTextFields = {
  title: requiredText('Title', 200),
  category: chosen('Category').pipe(z.enum(policyCategories, { error: `Category must be one of: ${policyCategories.join(', ')}` })),
  description: requiredText('Description', 5000),
  shortDetails: requiredText('Short details', 500),
  // Optional Bangla versions (issue 25): blank is none, and Bangla pages show the English.
  titleBn: optionalText('Bangla title', 200),
  shortDetailsBn: optionalText('Bangla short details', 500),
  descriptionBn: optionalText('Bangla description', 5000),
  minAge: age('Minimum age'),
  maxAge: age('Maximum age'),
  coverageRange: numberLike('Coverage range is required').pipe(
    z.number().int('Coverage range must be a whole number').positive('Coverage range must be more than 0').max(1e14, 'Coverage range is too large'),
  ),
  duration: oneOf('Duration', policyDurations, `Duration must be one of ${policyDurations.join(', ')} years`),
  basePremium: oneOf('Base premium', basePremiumChoices, 'Base premium must be one of ৳1,00,000, ৳5,00,000, ৳10,00,000'),
};

const policyFields = { ...policyTextFields, image: imageUrl };

const agesInOrder = (value: { minAge?: number; maxAge?: number }) =>
  value.minAge === undefined || value.maxAge === undefined || value.minAge <= value.maxAge;
export const agesMessage = 'Maximum age must be at least the minimum age';
// A fresh object each time: zod rewrites the params object it is given.
const agesRule = () => ({ message: agesMessage, path: ['maxAge'] });

export const policyInput = z.object(policyFields).refine(agesInOrder, agesRule());
export type PolicyInput = z.infer<typeof policyInput>;

/** The Add Policy form before its picture is uploaded: every rule of policyInput but the image's. */
export const policyFormInput = z.object(policyTextFields).refine(agesInOrder, agesRule());

/** An edit: any of the fields, each checked as on creation; `withdrawn` takes it out of the catalogue (or back). */
export const policyPatch = z
  .object({ ...policyFields, withdrawn: z.boolean({ error: 'Withdrawn must be true or false' }) })
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: 'Nothing to change' })
  .refine(agesInOrder, agesRule());
export type PolicyPatch = z.infer<typeof policyPatch>;
