/**
 * Insurance claims (issue 31, docs/decisions/0084-claims.md): the requests of POST /api/claims
 * and of each step of a claim, and the product's constants about claims (kinds, the documents
 * each kind needs, the decision's due date). The route, sync push and the PWA's forms check with
 * these, so a form never accepts what the server refuses. Amounts are integers of poisha.
 */
import { z } from './zod.ts';
import { asciiDigits } from './digits.ts';
import { requiredText } from './fields.ts';
import { bdNid, nidNumber } from './person.ts';
import { districtField } from './districts.ts';
import { cleanParagraphs, hasVisibleText } from './text.ts';

export const claimKinds = ['death', 'hospitalisation', 'disability', 'maturity'] as const;
export type ClaimKind = (typeof claimKinds)[number];

/**
 * submitted -> assigned -> (more_documents -> assigned)* -> approved -> paid, or -> rejected.
 * `more_documents`: the agent sent it back to the claimant for a missing document.
 */
export const claimStatuses = ['submitted', 'assigned', 'more_documents', 'approved', 'paid', 'rejected'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];
/** A claim still open: the rule "one open claim of a kind per policy" counts these. */
export const openClaimStatuses = ['submitted', 'assigned', 'more_documents', 'approved'] as const satisfies readonly ClaimStatus[];
/** Still waiting for a decision: the due date and "overdue" are about these. */
export const undecidedClaimStatuses = ['submitted', 'assigned', 'more_documents'] as const satisfies readonly ClaimStatus[];

export const payoutMethods = ['bkash', 'nagad', 'bank'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

export const claimantRelations = ['policyholder', 'nominee'] as const;
export type ClaimantRelation = (typeof claimantRelations)[number];

/**
 * The papers each kind of claim needs. The claimant sees them as a checklist; the documents
 * pipeline (issue 27) attaches a photo of each to the claim's id under the same key.
 */
export const requiredDocuments = {
  death: ['death-certificate', 'insured-nid', 'claimant-nid'],
  hospitalisation: ['discharge-paper', 'hospital-bills', 'insured-nid'],
  disability: ['disability-certificate', 'medical-report', 'insured-nid'],
  maturity: ['policy-document', 'insured-nid'],
} as const satisfies Record<ClaimKind, readonly string[]>;
export type RequiredDocument = (typeof requiredDocuments)[ClaimKind][number];

/** A claim number made on the claimant's device: `CLM-` and 8 letters or digits that are never confused. */
export const claimNumberPattern = /^CLM-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new claim number from 40 random bits (Crockford's base 32: no I, L, O or U). */
export function newClaimNumber(random: Uint8Array = crypto.getRandomValues(new Uint8Array(8))): string {
  const letters = Array.from(random.slice(0, 8), (byte) => crockford[byte % 32]).join('');
  return `CLM-${letters.slice(0, 4)}-${letters.slice(4, 8)}`;
}

const day = 86_400_000;
/** Friday and Saturday: the weekend in Bangladesh (getUTCDay numbers). */
const weekend = new Set([5, 6]);

/**
 * The date (YYYY-MM-DD, Dhaka's calendar) by which a claim filed at `filedAt` must be decided:
 * `workingDays` Sundays to Thursdays later. Public holidays are not counted out (their dates
 * move with the moon and are declared each year); an admin sees a claim as overdue from the day after.
 */
export function claimDueOn(filedAt: Date, workingDays: number): string {
  // Dhaka is UTC+6 all year (no daylight saving): its calendar day is the UTC day six hours on.
  let date = new Date(Math.floor((filedAt.getTime() + 6 * 3_600_000) / day) * day);
  for (let left = workingDays; left > 0; ) {
    date = new Date(date.getTime() + day);
    if (!weekend.has(date.getUTCDay())) left--;
  }
  return date.toISOString().slice(0, 10);
}

/** Today's date in Dhaka (YYYY-MM-DD): a claim is overdue when its due date is before it. */
export const dhakaToday = (now: Date) => new Date(now.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);

/** The day (YYYY-MM-DD) in Dhaka's calendar of a moment given as an ISO string. */
export const dhakaDayOf = (iso: string) => dhakaToday(new Date(iso));

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Claim dates (issue 47): a real day of the calendar (no 0000-00-00, no 30 February), not in the
 * future in Dhaka, not before the policy started; a maturity claim only once the term has ended.
 * The first is the schema's; the others need today and the policy's dates, so they are one
 * function (claimDateProblem) that the server runs with its clock and the policy's row, and the
 * form with the device's clock and what the device knows of the policy.
 */
export const eventDateRequired = 'The date of the event is required';
export const eventDateNotADay = 'Please enter a real date for the event (year-month-day)';
export const eventDateFuture = 'The date of the event cannot be in the future';
export const eventDateBeforeStart = 'The date of the event cannot be before the policy started';
export const maturityBeforeTermEnd = "A maturity claim can be filed only once the policy's term has ended";

/** YYYY-MM-DD naming a day that exists (from 1900: no policy we sell began before it). */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return false;
  const day = new Date(Date.UTC(year, month - 1, date));
  return day.getUTCFullYear() === year && day.getUTCMonth() === month - 1 && day.getUTCDate() === date;
}

const eventDay = z
  .string({ error: eventDateRequired })
  .trim()
  .min(1, eventDateRequired)
  .refine(isCalendarDay, eventDateNotADay);

/** When a policy's cover began and when its term ends (Dhaka days), as far as they are known. */
export interface PolicyDates {
  startedOn: string | null;
  termEndsOn: string | null;
}

/**
 * A policy's days from the moment it came in force (the certificate's start: the later of its
 * approval and its payment) and its term in years (the catalogue's duration), counted the way the
 * certificate counts its end (payments/papers.ts termsOf: the same date `years` later, in UTC).
 */
export function policyDatesOf(startsAt: string | null, termYears: number | null): PolicyDates {
  if (!startsAt) return { startedOn: null, termEndsOn: null };
  let termEndsOn: string | null = null;
  if (termYears !== null && Number.isFinite(termYears)) {
    const end = new Date(startsAt);
    end.setUTCFullYear(end.getUTCFullYear() + termYears);
    termEndsOn = dhakaDayOf(end.toISOString());
  }
  return { startedOn: dhakaDayOf(startsAt), termEndsOn };
}

export interface ClaimDateProblem {
  message: string;
  /** The day the message is about (the policy's start or its term's end), for a form to show. */
  details?: { policyStartedOn?: string; termEndsOn?: string };
}

/** What is wrong with a claim's date, today being `today` in Dhaka, given the policy's dates; null when nothing. */
export function claimDateProblem(claim: { kind: ClaimKind; eventDate: string }, today: string, policy: PolicyDates): ClaimDateProblem | null {
  if (!isCalendarDay(claim.eventDate)) return { message: eventDateNotADay };
  if (claim.eventDate > today) return { message: eventDateFuture };
  if (policy.startedOn && claim.eventDate < policy.startedOn) return { message: eventDateBeforeStart, details: { policyStartedOn: policy.startedOn } };
  if (claim.kind === 'maturity' && policy.termEndsOn && today < policy.termEndsOn) {
    return { message: maturityBeforeTermEnd, details: { termEndsOn: policy.termEndsOn } };
  }
  return null;
}

/** A paragraph of text a person writes (a description, a reason): cleaned, trimmed, bounded. */
const paragraph = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((text) => cleanParagraphs(text).trim())
    .pipe(z.string().max(max, `${label} is too long (at most ${max} characters)`).refine(hasVisibleText, `${label} is required`));

export const claimantNidRequired = "Please enter your own NID number: the nominee's NID as on the policy";

export const walletMessage = 'Please enter an 11-digit bKash or Nagad number starting with 01';
export const bankAccountMessage = 'Please enter the bank account number (digits only)';

const walletNumber = /^01[3-9]\d{8}$/;
const bankAccount = /^\d{6,20}$/;

/** Amounts are whole poisha, at most ৳10 crore (10^9 taka is far above any cover we sell). */
const poisha = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole poisha`)
    .positive(`${label} must be more than zero`)
    .max(100_000_000_000, `${label} is too large`);

/** The payout account: a bKash or Nagad wallet number, or a bank account with its bank's name. */
const payoutAccountFields = {
  payoutMethod: z.enum(payoutMethods, { error: 'Please choose bKash, Nagad or a bank account' }),
  payoutAccount: z
    .string({ error: 'The payout account is required' })
    .transform((text) => asciiDigits(text).replace(/[\s-]/g, '').replace(/^\+?88(?=01)/, '')),
  payoutBankName: z.string().trim().max(120, 'The bank name is too long').nullish(),
};

function checkAccount(
  value: { payoutMethod: PayoutMethod; payoutAccount: string; payoutBankName?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (value.payoutMethod === 'bank') {
    if (!bankAccount.test(value.payoutAccount)) context.addIssue({ code: 'custom', path: ['payoutAccount'], message: bankAccountMessage });
    if (!value.payoutBankName) context.addIssue({ code: 'custom', path: ['payoutBankName'], message: 'Please enter the name of the bank' });
  } else if (!walletNumber.test(value.payoutAccount)) {
    context.addIssue({ code: 'custom', path: ['payoutAccount'], message: walletMessage });
  }
}

/** POST /api/claims (and the queued filing): the id and the number come from the device. */
export const claimInput = z
  .object({
    id: z.string({ error: 'A claim id is required' }).regex(uuidPattern, 'The claim id is not valid'),
    claimNumber: z.string({ error: 'A claim number is required' }).regex(claimNumberPattern, 'The claim number is not valid'),
    /** The policy in force: the id of the approved and paid application. */
    policyNumber: requiredText('Policy number', 100),
    /**
     * The insured person's NID, as on the policy, by the older rule (any digits): a policy sold
     * before issue 47 keeps the NID it was sold with.
     */
    insuredNid: nidNumber,
    relation: z.enum(claimantRelations, { error: 'Please say whether you are the policyholder or the nominee' }),
    /**
     * Issue 47: the claimant's own NID, asked when claiming as the nominee; it must be the
     * nominee's NID on the policy (commands/claims.ts). Not used from the policyholder.
     */
    claimantNid: bdNid(claimantNidRequired)
      .nullish()
      .transform((nid) => nid ?? null),
    kind: z.enum(claimKinds, { error: 'Please choose the kind of claim' }),
    eventDate: eventDay,
    description: paragraph('Description', 1000),
    // One of the 64, by any known spelling, stored by its English name (issue 48).
    district: districtField,
    ...payoutAccountFields,
  })
  .superRefine(checkAccount)
  .superRefine((value, context) => {
    if (value.relation === 'nominee' && !value.claimantNid) context.addIssue({ code: 'custom', path: ['claimantNid'], message: claimantNidRequired });
  });
export type ClaimInput = z.infer<typeof claimInput>;
export type ClaimRequest = z.input<typeof claimInput>;

/** PATCH /api/claims/:id/assign: the approved agent chosen. */
export const claimAssignInput = z.object({
  agentEmail: z.string({ error: 'Please select an agent first.' }).trim().min(1, 'Please select an agent first.').max(254, 'That email is too long'),
});
export type ClaimAssignInput = z.infer<typeof claimAssignInput>;

/** POST /api/claims/:id/review: one step of the assigned agent's clearing. */
export const claimReviewInput = z.discriminatedUnion(
  'step',
  [
    z.object({ step: z.literal('note'), note: paragraph('Note', 1000) }),
    z.object({ step: z.literal('send_back'), missing: paragraph('What is missing', 500) }),
    z.object({ step: z.literal('approve'), amountPoisha: poisha('The amount') }),
    z.object({ step: z.literal('reject'), reason: paragraph('Reason', 500) }),
  ],
  { error: 'The step must be note, send_back, approve or reject' },
);
export type ClaimReviewInput = z.infer<typeof claimReviewInput>;

/** POST /api/claims/:id/resubmit: the claimant added what was missing. */
export const claimResubmitInput = z.object({ note: paragraph('Note', 500) });
export type ClaimResubmitInput = z.infer<typeof claimResubmitInput>;

/** POST /api/claims/:id/payout: the admin records a payout made through the provider. */
export const claimPayoutInput = z
  .object({
    payoutMethod: payoutAccountFields.payoutMethod,
    payoutAccount: payoutAccountFields.payoutAccount,
    payoutBankName: payoutAccountFields.payoutBankName,
    amountPoisha: poisha('The amount'),
    reference: requiredText("The provider's reference", 100),
  })
  .superRefine(checkAccount);
export type ClaimPayoutInput = z.infer<typeof claimPayoutInput>;

/** GET /api/claims: filters; the page comes from lists/paging.ts. */
export const claimFilters = {
  status: z.enum(claimStatuses, { error: `status must be one of: ${claimStatuses.join(', ')}` }).optional(),
  overdue: z.enum(['true', 'false']).optional(),
};
