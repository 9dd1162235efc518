/**
 * Applying for a policy (one command, used by its REST route and by sync push): the policy on offer,
 * the applicant's age within its range, the per-person limits, and one batch that inserts, audits
 * and records the idempotent answer.
 */
import { applicationSnapshot, toApplication, type Application, type StoredApplication } from '../db/applications.ts';
import { countApplicantForPolicy, insertApplication, policyToApplyFor } from '../db/application-writes.ts';
import type { AppConfig, ApplicationLimitSettings } from '../http/config.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { auditInsertAfterChange } from '../db/audit-log.ts';
import { countHit, hitArgs, tooManyRequestsBody, waitAfterHit, waitInWords } from '../lib/rate-limit.ts';
import { newId } from '../lib/ids.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import type { ApplicationInput } from '../schemas/application.ts';
import { estimatePremium, wholePoisha } from '../schemas/premium.ts';
import { ageOn, dateOfBirthFuture, judgeAge, outsideAgeRangeMessage, type AgeRange } from '../schemas/eligibility.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'payments' | 'sslcommerz'> & { config: ApplicationLimitSettings & Partial<Pick<AppConfig, 'payment'>> };


// ---------------------------------------------------------------------------------------------
// Apply

export interface ApplicationCreated {
  success: true;
  insertedId: string;
  application: Application;
}

const created = (row: StoredApplication): ApplicationCreated => ({
  success: true,
  insertedId: row.id,
  application: toApplication(row),
});

/** Why an application past the open-per-policy limit is refused (409). */
export const tooManyOpenMessage = (max: number) =>
  `You already have ${max} open ${max === 1 ? 'application' : 'applications'} for this policy. ` +
  'Please wait for a decision, or delete a pending one, before applying for it again.';

/** Why an application past the daily limit is refused (429); shown as the outbox's refusal too. */
export const tooManyTodayMessage = (max: number, seconds: number) =>
  `You have sent ${max} applications in the last day, the most allowed. Please try again in ${waitInWords(seconds)}.`;

/**
 * A signed-in customer applies for a policy. The owner, status, payment status and time come
 * from the server; the policy's name and category are copied from the policy itself.
 * One batch (decision 0068): the person's daily window is counted, the row is inserted only
 * within both limits (open per policy, per day), and the audit row, the idempotency record and
 * the policy's count of applicants follow only if it was. A replay is answered before any of
 * it, so a retried offline write is not counted twice; a 429 is not recorded, so a retry after
 * `Retry-After` with the same mutation id is judged afresh.
 */
export async function applyForPolicy(
  deps: Deps,
  actor: SessionUser,
  input: ApplicationInput,
  key?: MutationKey,
): Promise<Outcome<ApplicationCreated>> {
  const { db, batch, clock, config } = deps;
  const mutation = await prepareMutation(key, 'application.create', input);
  return runOnce(deps, mutation, (stored) => created(stored as StoredApplication), async (record) => {
    const [policy] = (await policyToApplyFor.execute(db, input.policyId)).rows;
    if (!policy || policy.withdrawn_at) {
      throw new ApiError(422, 'validation_failed', 'This policy is not offered any more', {
        fields: { policyId: 'This policy is not offered any more' },
      });
    }
    const now = clock();
    assertEligible(input.dateOfBirth, { minAge: policy.min_age, maxAge: policy.max_age }, now);
    const premium = quotedPremium(input, policy, now);
    const id = newId();
    const at = now.toISOString();
    const daily = config.rateLimits.applications;
    const rateKey = `applications:user:${actor.id}`;
    const results = await batch([
      countHit.compile(db, ...hitArgs(rateKey, daily, now.getTime())),
      insertApplication(
        db,
        {
          id,
          user_id: actor.id,
          user_email: actor.email,
          name: input.name,
          address: input.address,
          nid: input.nid,
          phone: input.phone,
          nominee_name: input.nomineeName,
          // Null from an older app's queued write: its nominee stays unverified (decision 0103).
          nominee_nid: input.nomineeNid,
          relationship: input.relationship,
          health_conditions: JSON.stringify(input.healthConditions),
          estimated_premium: premium.estimatedPremium,
          coverage_poisha: premium.coveragePoisha,
          premium_mode: input.premiumMode,
          policy_id: policy.id,
          policy_name: policy.title,
          policy_name_bn: policy.title_bn,
          category: policy.category,
          status: 'pending',
          payment_status: 'unpaid',
          applied_at: at,
          date_of_birth: input.dateOfBirth,
        },
        { maxOpen: config.applicationsOpenPerPolicy, rateKey, maxHits: daily.max },
      ),
      auditInsertAfterChange(db, { actor, action: 'application.create', entity: 'applications', entityId: id, from: null, to: 'pending', at }),
      ...record.success(201, applicationSnapshot(id), { afterChange: true }),
      countApplicantForPolicy.compile(db, policy.id, actor.id, id),
    ]);
    // The insert's RETURNING: the row as stored, its sync version included; none if refused.
    const row = results[1]?.rows[0] as StoredApplication | undefined;
    if (row) return { ok: true, status: 201, body: created(row), replayed: false };
    const window = results[0]?.rows[0] as { hits: number; window_start: number } | undefined;
    const wait = window ? waitAfterHit(window, daily, now.getTime()) : null;
    if (wait !== null) return { ok: false, status: 429, body: tooManyRequestsBody(wait, tooManyTodayMessage(daily.max, wait)), replayed: false };
    return record.refuse(409, { error: 'conflict', message: tooManyOpenMessage(config.applicationsOpenPerPolicy) });
  });
}

export const coverOverPolicyMessage = "The cover cannot be more than this policy's coverage";

/**
 * The premium an application records (issue 48). With the quote's choices: the cover must be
 * within the policy's, and the server works the monthly premium out with the spec's formula for
 * that cover, the applicant's age on their date of birth and the policy's own term, whatever
 * figure the device sent. Without them (an older app's queued application): the figure it carries.
 */
function quotedPremium(
  input: ApplicationInput,
  policy: { coverage_range: number; duration: number },
  today: Date,
): { estimatedPremium: number | null; coveragePoisha: number | null } {
  if (!input.quote) return { estimatedPremium: input.estimatedPremium, coveragePoisha: null };
  const { coverage, gender, smoker } = input.quote;
  if (coverage > policy.coverage_range) {
    throw new ApiError(422, 'validation_failed', coverOverPolicyMessage, {
      fields: { coverage: coverOverPolicyMessage },
      details: { coveragePoisha: coverage, maxCoveragePoisha: policy.coverage_range },
    });
  }
  const age = ageOn(input.dateOfBirth, today);
  const monthly = estimatePremium({ age, coverage, duration: policy.duration, gender, smoker }).monthly;
  return { estimatedPremium: wholePoisha(monthly), coveragePoisha: coverage };
}

/** The applicant's age on the day they apply must be within the policy's range (issue 29). */
function assertEligible(dateOfBirth: string, range: AgeRange, today: Date) {
  const age = ageOn(dateOfBirth, today);
  const verdict = judgeAge(age, range);
  if (verdict === 'ok') return;
  const message = verdict === 'future' ? dateOfBirthFuture : outsideAgeRangeMessage(age, range);
  throw new ApiError(422, 'validation_failed', message, {
    fields: { dateOfBirth: message },
    details: { age, minAge: range.minAge, maxAge: range.maxAge, verdict },
  });
}

