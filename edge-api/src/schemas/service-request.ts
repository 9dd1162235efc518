/**
 * Policy servicing (issue 51): what a policyholder may ask to change on a policy in force, and
 * a staff decision on it. `changes` uses the application's own field names. Shared by the API and
 * the PWA's forms.
 */
import { z } from './zod.ts';
import { optionalText, requiredText } from './fields.ts';
import { bdNid, optionalBdMobile } from './person.ts';
import { nomineeNidRequired, nomineeRelationship } from './application.ts';

export const serviceRequestKinds = ['nominee', 'contact', 'premium_mode', 'duplicate_certificate'] as const;
export type ServiceRequestKind = (typeof serviceRequestKinds)[number];
export const serviceRequestStatuses = ['pending', 'approved', 'refused'] as const;
export type ServiceRequestStatus = (typeof serviceRequestStatuses)[number];

/** How often premiums are paid (issue 49); taken only once a premium schedule exists. */
export const premiumModes = ['monthly', 'quarterly', 'half_yearly', 'yearly'] as const;

/**
 * The paper a nominee change's photo stands for (migration 0311): a document of kind `other` on
 * the policy, sent with the request's write, one per request.
 */
export const nomineeNidPhotoPaper = 'nominee-nid';
export const nomineeNidPhotoKind = 'other';

export const nomineeChanges = z.object({
  nomineeName: requiredText('Nominee name', 120),
  relationship: nomineeRelationship,
  nomineeNid: bdNid(nomineeNidRequired),
});
export type NomineeChanges = z.infer<typeof nomineeChanges>;

export const atLeastOneContactMessage = 'Please give a new address or a new phone number';
export const contactChanges = z
  .object({
    address: optionalText('Address', 300).transform((text) => text ?? null),
    phone: optionalBdMobile,
  })
  .refine((value) => value.address !== null || value.phone !== null, { message: atLeastOneContactMessage, path: ['address'] });
export type ContactChanges = z.infer<typeof contactChanges>;

export const premiumModeChanges = z.object({ mode: z.enum(premiumModes, { error: `How often must be one of: ${premiumModes.join(', ')}` }) });
export const duplicateCertificateChanges = z.object({}).strip();

export const serviceRequestInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ applicationId: z.string().trim().min(1, 'Choose a policy').max(64), kind: z.literal('nominee'), changes: nomineeChanges }),
    z.object({ applicationId: z.string().trim().min(1, 'Choose a policy').max(64), kind: z.literal('contact'), changes: contactChanges }),
    z.object({ applicationId: z.string().trim().min(1, 'Choose a policy').max(64), kind: z.literal('premium_mode'), changes: premiumModeChanges }),
    z.object({
      applicationId: z.string().trim().min(1, 'Choose a policy').max(64),
      kind: z.literal('duplicate_certificate'),
      changes: duplicateCertificateChanges.optional().transform(() => ({})),
    }),
  ],
  { error: `The kind of change must be one of: ${serviceRequestKinds.join(', ')}` },
);
export type ServiceRequestInput = z.infer<typeof serviceRequestInput>;
export type ServiceRequestBody = z.input<typeof serviceRequestInput>;

export const reasonRequired = 'Please give a reason';
export const serviceDecisionInput = z.object({
  status: z.enum(['approved', 'refused'], { error: "The decision must be 'approved' or 'refused'" }),
  reason: requiredText('Reason', 500, reasonRequired),
});
export type ServiceDecisionInput = z.infer<typeof serviceDecisionInput>;

const pageNumber = (name: string, max: number) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`).optional();

export const serviceRequestListQuery = z.object({
  page: pageNumber('page', 100_000),
  pageSize: pageNumber('pageSize', 100),
  status: z.enum(serviceRequestStatuses).optional(),
  applicationId: z.string().trim().max(64).optional(),
});
export type ServiceRequestListQuery = z.infer<typeof serviceRequestListQuery>;
