/**
 * The policy application (spec sections 3 and 5): its health conditions and the requests of POST /api/applications and of its assign and decision, written once. The route, sync push and the
 * PWA's Apply form all check with these, so the form never accepts what the server refuses.
 */
import { z } from './zod.ts';
import { numberLike, optionalText, requiredText } from './fields.ts';
import { bdNid, optionalBdMobile } from './person.ts';
import { cleanLine } from './text.ts';
import { dateOfBirth, rejectionReasons } from './eligibility.ts';
import { premiumModeField } from './premium-schedule.ts';

/** The spec's health conditions (policy application form, multi-choice). */
export const healthConditionChoices = ['Diabetes', 'High Blood Pressure', 'Heart Disease', 'Cancer', 'None of the Above'] as const;
export type HealthCondition = (typeof healthConditionChoices)[number];

/** Who the nominee is to the insured: the Apply form's choices, and all that the server takes. */
export const nomineeRelationshipChoices = ['Spouse', 'Parent', 'Child', 'Sibling', 'Grandchild', 'Other'] as const;
export type NomineeRelationship = (typeof nomineeRelationshipChoices)[number];

const relationshipRequired = 'Relationship is required';
export const nomineeRelationship = z.preprocess(
  // Cleaned like every line of text (schemas/text.ts): a hidden mark must not make a choice unknown.
  (value) => (typeof value === 'string' ? cleanLine(value) : value),
  z.enum(nomineeRelationshipChoices, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? relationshipRequired
        : `Relationship must be one of: ${nomineeRelationshipChoices.join(', ')}`,
  }),
);

export const nomineeNidRequired = "Nominee's NID is required";

/**
 * What the quote was worked out with (issue 48): the cover chosen (poisha) and the answers the
 * formula weighs. With it the server checks the cover against the policy's and works the
 * premium out itself (for the applicant's age on their date of birth and the policy's term).
 */
export const quoteChoices = z.object({
  coverage: numberLike('Coverage must be a number').pipe(
    z.number().int('Coverage must be a whole number of poisha').positive('Coverage must be more than 0').max(1e14, 'Coverage is too large'),
  ),
  gender: z.enum(['Male', 'Female', 'Other'], { error: 'Gender must be Male, Female or Other' }),
  smoker: z.enum(['Yes', 'No'], { error: "Smoker must be 'Yes' or 'No'" }),
});
export type QuoteChoices = z.infer<typeof quoteChoices>;

export const applicationInput = z.object({
  name: requiredText('Name', 120),
  address: requiredText('Address', 300),
  // Issue 47: the profile's rules, a Bangladeshi NID and mobile number (schemas/person.ts).
  nid: bdNid(),
  // Issue 29: the server checks the applicant's age against the policy's range with it.
  dateOfBirth,
  phone: optionalBdMobile,
  nomineeName: requiredText('Nominee name', 120),
  /**
   * Issue 47: what a claim "as the nominee" is checked against (commands/claims.ts). Optional
   * here: an older app's queued application has none, and is taken with its nominee unverified
   * (docs/decisions/0103); the Apply form asks for it (applicationFormInput).
   */
  nomineeNid: bdNid(nomineeNidRequired)
    .nullish()
    .transform((nid) => nid ?? null),
  relationship: nomineeRelationship,
  healthConditions: z
    .array(z.enum(healthConditionChoices, { error: `Health conditions must be among: ${healthConditionChoices.join(', ')}` }), {
      error: 'Health conditions must be a list',
    })
    .max(healthConditionChoices.length, 'Too many health conditions')
    .optional()
    .transform((list) => [...new Set(list ?? [])]),
  // Poisha, a whole number (schemas/money.ts), from the quote.
  estimatedPremium: numberLike('Estimated premium must be a number')
    .pipe(
      z
        .number()
        .int('Estimated premium must be a whole number of poisha')
        .nonnegative('Estimated premium cannot be negative')
        .max(1e14, 'Estimated premium is too large'),
    )
    .nullish()
    .transform((value) => value ?? null),
  policyId: requiredText('Policy', 100, 'Please choose a policy'),
  // Absent from an older app's queued application: its premium is then the one it carries.
  quote: quoteChoices.nullish().transform((value) => value ?? null),
  // Issue 49: how often the premium is paid; absent (an older app's queue) is monthly.
  premiumMode: premiumModeField,
});
/** What the server works with, after trimming and defaults. */
export type ApplicationInput = z.infer<typeof applicationInput>;

/** The Apply form's own check: the same, with the nominee's NID required. */
export const applicationFormInput = applicationInput.extend({ nomineeNid: bdNid(nomineeNidRequired) });
/** What a client sends. */
export type ApplicationRequest = z.input<typeof applicationInput>;

/** PATCH /applications/assign/:id (and the queued assign): the approved agent chosen. */
export const assignInput = z.object({
  agentEmail: z
    .string({ error: 'Please select an agent first.' })
    .trim()
    .min(1, 'Please select an agent first.')
    .max(254, 'That email is too long'),
});
export type AssignInput = z.infer<typeof assignInput>;

/**
 * Why an application was rejected (issue 29), which the customer reads: the agent's decision and
 * the admin's reject share it. Optional on the server: a decision queued offline by an older app,
 * and the spec's body-less admin reject, have none; both dialogs always ask for one.
 */
export const rejectionGrounds = z.object({
  reason: z.enum(rejectionReasons, { error: `Reason must be one of: ${rejectionReasons.join(', ')}` }).optional(),
  note: optionalText('Note', 500).optional(),
});
export type RejectionGroundsInput = z.infer<typeof rejectionGrounds>;

/** PATCH /applications/:id/status (and the queued decision): the assigned agent's decision. */
export const decisionInput = rejectionGrounds.extend({
  status: z.enum(['approved', 'rejected'], { error: "Status must be 'approved' or 'rejected'" }),
});
export type DecisionInput = z.infer<typeof decisionInput>;

/** PATCH /applications/reject/:id (and the queued reject): the admin's reject, body optional. */
export const rejectInput = rejectionGrounds;
