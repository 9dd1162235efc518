/**
 * A change of how often premiums are paid (issue 51, kind `premium_mode`;
 * docs/decisions/0109-servicing-photo-and-premium-mode.md). It takes effect on the policy's next
 * anniversary: the unpaid dues from that day on are replaced by the new mode's, each the monthly
 * premium times the months it covers; paid dues never change, and the dues before the
 * anniversary stay as they are. Refused while dues are in arrears, and when dues from the
 * anniversary on are already paid.
 */
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { StoredApplication } from '../db/applications.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { dueIdOf, duesOf, premiumBasisOf } from '../premiums/dues.ts';
import { dhakaToday } from '../schemas/claim.ts';
import { addMonths, arrearsOf, monthsPerDue, type PremiumMode } from '../schemas/premium-schedule.ts';

export const noScheduleMessage = 'This policy has no premium schedule to change.';
export const sameModeMessage = 'Premiums on this policy are already paid this often.';
export const inArrearsMessage = 'Please pay the premiums in arrears first: how often premiums are paid can change only on a policy that is paid up.';
export const noAnniversaryLeftMessage = 'No policy anniversary is left before the term ends, so how often premiums are paid can no longer change.';
export const paidBeyondAnniversaryMessage = 'Premiums from the next policy anniversary on are already paid, so how often they are paid cannot change from then.';

const refuse = (message: string, details: Record<string, unknown> = {}) => new ApiError(409, 'conflict', message, { details: { kind: 'premium_mode', ...details } });

export interface ModeChangePlan {
  mode: PremiumMode;
  /** The Dhaka day the new mode starts: the policy's next anniversary. */
  from: string;
  /** The new mode's dues from that day to the term's end. */
  dues: { id: string; seq: number; dueOn: string; amountMinor: number }[];
}

/** The first anniversary of `startedOn` after `today`. */
export function nextAnniversary(startedOn: string, today: string): string {
  let years = 1;
  while (addMonths(startedOn, 12 * years) <= today) years += 1;
  return addMonths(startedOn, 12 * years);
}

/** What the change would do today, or why it cannot be made (409 with the reason). */
export async function planModeChange(deps: Pick<AppDeps, 'db' | 'clock'>, policy: StoredApplication, mode: PremiumMode): Promise<ModeChangePlan> {
  const basis = await premiumBasisOf(deps.db, policy);
  if (!basis?.termYears || !basis.monthlyMinor || !basis.termEndsOn) throw refuse(noScheduleMessage);
  if (basis.mode === mode) throw refuse(sameModeMessage, { mode });
  const today = dhakaToday(deps.clock());
  const dues = await duesOf(deps, basis);
  const arrears = arrearsOf(dues, today);
  if (arrears.length > 0) throw refuse(inArrearsMessage, { arrearsMinor: arrears.reduce((sum, due) => sum + due.amountMinor, 0), dueIds: arrears.map((due) => due.id) });
  const from = nextAnniversary(basis.startedOn, today);
  if (from >= basis.termEndsOn) throw refuse(noAnniversaryLeftMessage);
  if (dues.some((due) => due.paidAt && due.dueOn >= from)) throw refuse(paidBeyondAnniversaryMessage, { from });
  const seqs = await deps.db.selectFrom('premium_dues').select((eb) => eb.fn.max('seq').as('last')).where('application_id', '=', policy.id).executeTakeFirst();
  // New sequence numbers after every one used so far: a replaced due's id is never reused, so a
  // reminder already sent or a payment under way for it cannot fall on a new due.
  const firstSeq = Number(seqs?.last ?? -1) + 1;
  const step = monthsPerDue[mode];
  const newDues: ModeChangePlan['dues'] = [];
  for (let i = 0; ; i += 1) {
    const dueOn = addMonths(from, i * step);
    if (dueOn >= basis.termEndsOn) break;
    newDues.push({ id: dueIdOf(policy.id, firstSeq + i), seq: firstSeq + i, dueOn, amountMinor: basis.monthlyMinor * step });
  }
  return { mode, from, dues: newDues };
}

/** Nothing from the anniversary on was paid meanwhile: the decision is made only then (atomic with the payment's own check). */
export const nothingPaidFrom = (applicationId: string, plan: ModeChangePlan) =>
  sql`NOT EXISTS (SELECT 1 FROM premium_dues WHERE application_id = ${applicationId} AND due_on >= ${plan.from} AND paid_at IS NOT NULL)`;

/** The approved change, each statement only if the decision was made in this very batch (`decidedHere`). */
export function modeChangeQueries(db: Kysely<Database>, applicationId: string, plan: ModeChangePlan, decidedHere: RawBuilder<unknown>): CompiledQuery[] {
  return [
    sql`DELETE FROM premium_dues WHERE application_id = ${applicationId} AND due_on >= ${plan.from} AND paid_at IS NULL AND ${decidedHere}`.compile(db),
    // One statement, the dues as one JSON parameter (D1 binds at most 100 values).
    sql`INSERT INTO premium_dues (id, application_id, seq, due_on, amount_minor)
        SELECT json_extract(value, '$.id'), ${applicationId}, json_extract(value, '$.seq'), json_extract(value, '$.dueOn'), json_extract(value, '$.amountMinor')
        FROM json_each(${JSON.stringify(plan.dues)}) WHERE ${decidedHere}`.compile(db),
    // The policy's mode, and its sync stamp: its phones pull the new schedule with it.
    sql`UPDATE applications SET premium_mode = ${plan.mode} WHERE id = ${applicationId} AND ${decidedHere}`.compile(db),
  ];
}
