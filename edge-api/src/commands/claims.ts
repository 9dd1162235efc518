/**
 * Filing an insurance claim (issue 31, docs/decisions/0084-claims.md). Used by POST /api/claims
 * and by sync push (a claim filed offline), so a queued filing follows the online rules.
 *
 * The rules, all checked here and held by one conditional INSERT:
 * - only on a policy in force: an application approved and paid, not ended by a death claim;
 * - only by its policyholder, or by its nominee: the policy number, the insured's NID and the
 *   claimant's own NID, which must be the nominee's NID on the policy (issue 47). On a policy sold
 *   with no nominee NID the claim is taken as unverified: shown so to the agent and the admins,
 *   told to the holder, and blocking no one else's claim (docs/decisions/0103). A death claim only
 *   by the nominee, a maturity claim only by the policyholder;
 * - a real event date, not in the future (Dhaka's day), not before the policy started; a maturity
 *   claim only once the term has ended (schemas/claim.ts claimDateProblem); not after the policy
 *   had lapsed for an unpaid premium (issue 49, schemas/claim-lapse.ts: inside grace is covered);
 * - one open checked claim of a kind per policy, and one open unverified claim of a kind per
 *   claimant (unique indexes too: two devices at once make one claim).
 * The claim's id and number come from the device, so a claim filed offline has its number at once.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { claimSnapshot, findClaim, toClaim, type Claim, type StoredClaim } from '../db/claims.ts';
import type { Database } from '../db/schema.ts';
import { lastRow } from '../db/row-snapshot.ts';
import type { AppConfig, ClaimSettings } from '../http/config.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import { auditInsertAfterChange } from '../db/audit-log.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import { notifyAboutClaim, notifyAdminsAboutClaim, notifyHolderAboutClaim } from '../notifications/claim-events.ts';
import { claimDateProblem, claimDueOn, dhakaToday, policyDatesOf, type ClaimInput, type ClaimKind } from '../schemas/claim.ts';
import { sameNid } from '../schemas/person.ts';
import { lapseOnEventDay } from '../premiums/claim-cover.ts';

export type ClaimDeps = Pick<AppDeps, 'db' | 'batch' | 'clock'> & { config: ClaimSettings };
/** Filing also reads the policy's premiums: was it in force on the day of the event? */
export type FileClaimDeps = ClaimDeps & { config: Pick<AppConfig, 'premiums'> };

export interface ClaimAnswer {
  success: true;
  message: string;
  claim: Claim;
}

export const claimAnswer = (message: string, role: SessionUser['role']) => (row: StoredClaim): ClaimAnswer => ({
  success: true,
  message,
  claim: toClaim(row, role),
});

/** Said the same way whatever did not match, so the form does not confirm a stranger's policy. */
export const noSuchPolicyMessage = 'No policy in force matches this policy number and NID. Please check both.';
const noSuchPolicy = () =>
  new ApiError(422, 'validation_failed', noSuchPolicyMessage, { fields: { policyNumber: noSuchPolicyMessage } });

export const notInForceMessage = 'This policy is not in force (it must be approved and paid, and not ended), so no claim can be filed on it.';
export const openClaimMessage = (kind: ClaimKind, number: string) =>
  `There is already an open ${kind} claim on this policy (${number}). Please follow that claim instead.`;
export const onlyClaimantsMessage = 'Only the policyholder, or the nominee named on the policy, can file a claim on it.';

/**
 * The claimant's NID is not the nominee's on the policy (issue 47). Neither NID is repeated: the
 * answer must not tell a stranger the nominee's number, and errors are logged.
 */
export const notTheNomineeMessage = "This NID is not the nominee's NID on this policy. Please check it: only the nominee named on the policy can file as the nominee.";
const notTheNominee = () =>
  new ApiError(422, 'validation_failed', notTheNomineeMessage, { fields: { claimantNid: notTheNomineeMessage } });

/** The cover the policy was bought with (migration 0275), else the policy's coverage (poisha, like every amount: migration 0220). */
const coverageInPoisha = sql<number>`COALESCE(applications.coverage_poisha, (SELECT policies.coverage_range FROM policies WHERE policies.id = applications.policy_id), 0)`;

const stepJson = (step: string, at: string, by: string, text: string | null, amount: number | null) =>
  sql`json_object('step', ${step}, 'at', ${at}, 'by', ${by}, 'text', ${text}, 'amountPoisha', ${amount})`;

/** The later of two ISO moments (the certificate's start: approval and payment). */
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * When the policy came in force, as the certificate says (db/papers.ts): the later of its approval
 * and its payment. A row without them (only made by hand) counts from its application.
 */
const policyStart = (row: { applied_at: string; decided_at: string | null; paid_at?: string | null }) =>
  later(row.decided_at ?? row.paid_at ?? row.applied_at, row.paid_at ?? row.applied_at);

/**
 * The policy a claim names: by the number on its certificate ("BD-…", given when first paid) or,
 * as the policyholder's own list sends it, by the application's id.
 */
const policyNumbered = (number: string) => (eb: ExpressionBuilder<Database, 'applications'>) =>
  eb.or([eb('id', '=', number), eb('policy_number', '=', number.trim().toUpperCase())]);

export async function fileClaim(deps: FileClaimDeps, actor: SessionUser, input: ClaimInput, key?: MutationKey): Promise<Outcome<ClaimAnswer>> {
  const { db, batch, clock, config } = deps;
  const mutation = await prepareMutation(key, 'claim.file', input);
  const present = claimAnswer('Claim filed', actor.role);
  return runOnce(deps, mutation, (stored) => present(stored as StoredClaim), async (record) => {
    const policy = await db
      .selectFrom('applications')
      .select(['id', 'user_id', 'nid', 'nominee_nid', 'applied_at', 'decided_at', 'paid_at'])
      // The term in years, for a maturity claim (schemas/claim.ts policyDatesOf).
      .select(sql<number | null>`(SELECT policies.duration FROM policies WHERE policies.id = applications.policy_id)`.as('duration'))
      .where(policyNumbered(input.policyNumber))
      .executeTakeFirst();
    if (!policy || policy.nid !== input.insuredNid) throw noSuchPolicy();
    const holder = policy.user_id === actor.id;
    if (input.relation === 'policyholder' && !holder) throw forbidden(onlyClaimantsMessage);
    if (input.relation === 'nominee' && holder) {
      throw new ApiError(422, 'validation_failed', 'You are the policyholder: file as the policyholder.', { fields: { relation: 'You are the policyholder' } });
    }
    if (input.kind === 'death' && input.relation !== 'nominee') {
      throw new ApiError(422, 'validation_failed', 'A death claim is filed by the nominee.', { fields: { kind: 'A death claim is filed by the nominee' } });
    }
    if (input.kind === 'maturity' && input.relation !== 'policyholder') {
      throw new ApiError(422, 'validation_failed', 'A maturity claim is filed by the policyholder.', { fields: { kind: 'A maturity claim is filed by the policyholder' } });
    }
    // The nominee proves who they are with their own NID, the nominee's on the policy on the
    // day of the event (issue 51: a nominee changed later does not take the claim from them).
    const asNominee = input.relation === 'nominee';
    const nomineeNid = asNominee ? await nomineeNidOn(db, policy.id, input.eventDate, policy.nominee_nid ?? null) : null;
    if (asNominee && nomineeNid && !(input.claimantNid && sameNid(input.claimantNid, nomineeNid))) throw notTheNominee();
    const unverified = asNominee && !nomineeNid;
    const now = clock();
    const dates = claimDateProblem(input, dhakaToday(now), policyDatesOf(policyStart(policy), policy.duration ?? null));
    if (dates) throw new ApiError(422, 'validation_failed', dates.message, { fields: { eventDate: dates.message }, ...(dates.details && { details: dates.details }) });
    const lapsed = await lapseOnEventDay(deps, policy.id, input.eventDate);
    if (lapsed) throw new ApiError(422, 'validation_failed', lapsed.message, { fields: { eventDate: lapsed.message }, details: lapsed.details });

    const at = now.toISOString();
    const by = actor.role;
    const inForce = sql<boolean>`applications.id = ${policy.id}
      AND applications.status = 'approved' AND applications.payment_status = 'paid'
      AND NOT EXISTS (SELECT 1 FROM policy_endings WHERE policy_endings.application_id = applications.id)
      AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.application_id = applications.id AND c.kind = ${input.kind}
                      AND c.status NOT IN ('paid', 'rejected') AND ${blocksClaimBy(actor.id)})`;
    const filed = sql<boolean>`claims.id = ${input.id} AND claims.claimant_id = ${actor.id} AND claims.filed_at = ${at}`;
    const results = await batch([
      sql`INSERT INTO claims (id, claim_number, application_id, policy_number, policy_id, policy_name, policy_name_bn, insured_name, claimant_id, claimant_email,
            claimant_name, claimant_relation, nominee_unverified, claimant_nid, kind, event_date, description, district, payout_method, payout_account,
            payout_bank_name, coverage_poisha, status, filed_at, due_on, updated_at, history)
          SELECT ${input.id}, ${input.claimNumber}, applications.id, applications.policy_number, applications.policy_id, applications.policy_name, applications.policy_name_bn, applications.name,
            ${actor.id}, ${actor.email}, ${actor.name}, ${input.relation}, ${unverified ? 1 : 0}, ${asNominee ? input.claimantNid : null},
            ${input.kind}, ${input.eventDate}, ${input.description},
            ${input.district}, ${input.payoutMethod}, ${input.payoutAccount}, ${input.payoutMethod === 'bank' ? (input.payoutBankName ?? null) : null},
            ${coverageInPoisha}, 'submitted', ${at}, ${claimDueOn(now, config.claimDecisionWorkingDays)}, ${at},
            json_array(${stepJson('filed', at, by, null, null)})
          FROM applications WHERE ${inForce}
          ON CONFLICT DO NOTHING`.compile(db),
      auditInsertAfterChange(db, { actor, action: 'claim.file', entity: 'claims', entityId: input.id, from: null, to: 'submitted', at }),
      ...record.success(201, claimSnapshot(input.id), { afterChange: true }),
      ...notifyAboutClaim(db, { event: 'insurance-claim.filed', claimId: input.id, at, recipient: 'claimant' }, filed),
      ...notifyAdminsAboutClaim(db, { event: 'insurance-claim.new', claimId: input.id, at }, filed),
      // The holder hears of a claim no NID could check, made in their name's policy (decision 0103).
      ...(unverified ? notifyHolderAboutClaim(db, { event: 'insurance-claim.unverified-nominee', claimId: input.id, at }, filed) : []),
      db.selectFrom('claims').selectAll().where('id', '=', input.id).compile(),
    ]);
    const row = lastRow<StoredClaim>(results);
    if ((results[0]?.changes ?? 0) > 0 && row) return { ok: true, status: 201, body: present(row), replayed: false };
    return record.refuse(409, await whyNotFiled(deps, actor, input));
  });
}

/**
 * Which open claim of the same kind stops a new one: a checked claim (the policyholder's, or a
 * nominee's whose NID matched), or the same person's own unverified one. Another person's
 * unverified claim stops no one (issue 47: a stranger's claim must not block the family's).
 */
const blocksClaimBy = (claimantId: string, table = 'c') =>
  sql<boolean>`(${sql.ref(`${table}.nominee_unverified`)} = 0 OR ${sql.ref(`${table}.claimant_id`)} = ${claimantId})`;

const numberTaken = () => ({ error: 'conflict' as const, message: 'This claim number is taken. Please file again.', details: { reason: 'number-taken' } });

/** Nothing was inserted: say why, from what is there now. */
async function whyNotFiled(deps: ClaimDeps, actor: SessionUser, input: ClaimInput) {
  const { db } = deps;
  const same = await findClaim(db, input.id);
  if (same) {
    return same.claimant_id === actor.id
      ? { error: 'conflict' as const, message: 'This claim was already filed', details: { reason: 'already-filed' } }
      : numberTaken();
  }
  const open = await db
    .selectFrom('claims')
    .select('claim_number')
    .where('application_id', 'in', deps.db.selectFrom('applications').select('id').where(policyNumbered(input.policyNumber)))
    .where('kind', '=', input.kind)
    .where('status', 'not in', ['paid', 'rejected'])
    .where(blocksClaimBy(actor.id, 'claims'))
    .executeTakeFirst();
  // Each answer says why in `details.reason` (issue 48), so the app can say it in the person's language.
  if (open) {
    return { error: 'conflict' as const, message: openClaimMessage(input.kind, open.claim_number), details: { reason: 'open-claim', kind: input.kind, claimNumber: open.claim_number } };
  }
  const taken = await db.selectFrom('claims').select('id').where('claim_number', '=', input.claimNumber).executeTakeFirst();
  if (taken) return numberTaken();
  return { error: 'conflict' as const, message: notInForceMessage, details: { reason: 'not-in-force' } };
}

/**
 * The nominee's NID in force on `day` (YYYY-MM-DD, Dhaka): the first nominee replaced after that
 * day (migration 0300's nominee_history), else the policy's current one.
 */
async function nomineeNidOn(db: ClaimDeps['db'], applicationId: string, day: string, current: string | null): Promise<string | null> {
  const earlier = await db
    .selectFrom('nominee_history')
    .select('nominee_nid')
    .where('application_id', '=', applicationId)
    .where('replaced_on', '>', day)
    .orderBy('replaced_on')
    .orderBy(sql`rowid`)
    .limit(1)
    .executeTakeFirst();
  return earlier ? earlier.nominee_nid : current;
}
