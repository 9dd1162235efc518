/**
 * Paying dues online (issue 49) through the existing payment routes with `dueIds`: the server
 * checks the choice (premium-schedule.ts duesChoiceProblem), works the amount out itself, and
 * refuses less than the gateways' minimum with the next dues ahead that reach it. A provider's
 * confirmed intent then records them exactly once (record-dues.ts), tied to the dues by its
 * metadata (their sequence numbers) and to the amount the dues come to.
 */
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { findApplication, type StoredApplication } from '../db/applications.ts';
import type { ProviderIntent } from '../payments/provider.ts';
import { duesChoiceProblem, duesReachingMinimum, sslcommerzMinimumMinor, type PremiumDue } from '../schemas/premium-schedule.ts';
import type { PremiumReceiptRow } from '../db/premium-rows.ts';
import { recordDuesPayment } from './record-dues.ts';
import { policyPremiums, type PolicyPremiums, type PremiumDeps } from './view.ts';

export interface ChosenDues {
  application: StoredApplication;
  premiums: PolicyPremiums;
  dues: PremiumDue[];
  amountMinor: number;
  /** "3-5": what an intent's metadata carries. */
  seqs: string;
}

const seqOf = (dueId: string) => Number(dueId.slice(dueId.lastIndexOf(':') + 1));
export const seqRangeOf = (dueIds: readonly string[]) => {
  const seqs = dueIds.map(seqOf).sort((a, b) => a - b);
  return `${seqs[0]}-${seqs.at(-1)}`;
};

export function duesProblem(message: string, details?: Record<string, unknown>) {
  return new ApiError(422, 'validation_failed', message, { fields: { dueIds: message }, ...(details ? { details } : {}) });
}

/** The dues an owner chose to pay now, checked; throws the refusal the payment page shows. */
export async function chooseDues(deps: PremiumDeps, user: SessionUser, applicationId: string, dueIds: readonly string[]): Promise<ChosenDues> {
  const application = await findApplication(deps.db, applicationId);
  if (!application) throw notFound('Application');
  if (application.user_id !== user.id) throw forbidden('You can only pay for your own policies.');
  const premiums = await policyPremiums(deps, application);
  if (!premiums) throw notFound('Policy in force');
  const problem = duesChoiceProblem(premiums.dues, dueIds, premiums.today, premiums.standing);
  if (problem) throw duesProblem(problem);
  const dues = premiums.dues.filter((due) => dueIds.includes(due.id));
  const amountMinor = dues.reduce((sum, due) => sum + due.amountMinor, 0);
  if (amountMinor < sslcommerzMinimumMinor) {
    const ahead = duesReachingMinimum(premiums.dues, dueIds, sslcommerzMinimumMinor);
    throw duesProblem('These dues come to less than the least amount an online payment can be (৳10). Pay the next dues ahead with them.', {
      minimumMinor: sslcommerzMinimumMinor,
      amountMinor,
      suggestedDueIds: ahead.map((due) => due.id),
      suggestedAmountMinor: ahead.reduce((sum, due) => sum + due.amountMinor, 0),
    });
  }
  return { application, premiums, dues, amountMinor, seqs: seqRangeOf(dueIds) };
}

/**
 * Records a provider's intent for dues, once. `dueIds` is what the client says it paid (save);
 * the webhook and the gateway's IPN pass the intent's own. Null: the intent is not a payment of
 * dues of this application (mismatch), with the reason.
 */
export async function recordDuesIntent(
  deps: PremiumDeps & Pick<AppDeps, 'batch'>,
  input: { application: StoredApplication; intent: ProviderIntent; provider: PremiumReceiptRow['provider']; method: string; dueIds: readonly string[]; actor: { id: string; email: string } },
): Promise<{ receipt: PremiumReceiptRow; recordedNow: boolean } | { refused: string }> {
  const { application, intent } = input;
  if (intent.metadata.purpose !== 'premium') return { refused: 'it is not a payment of premiums' };
  if (intent.metadata.applicationId !== application.id) return { refused: 'it was made for another policy' };
  if (intent.metadata.userId !== application.user_id) return { refused: 'it was made for another customer' };
  if (intent.metadata.dueSeqs !== seqRangeOf(input.dueIds)) return { refused: 'it was made for other dues' };
  if (intent.currency.toLowerCase() !== 'bdt') return { refused: `its currency ${intent.currency} is not bdt` };
  const premiums = await policyPremiums(deps, application);
  if (!premiums) return { refused: 'the policy is not in force' };
  const dues = premiums.dues.filter((due) => input.dueIds.includes(due.id));
  if (dues.length !== input.dueIds.length) return { refused: 'it names dues this policy does not have' };
  const sum = dues.reduce((total, due) => total + due.amountMinor, 0);
  if (intent.amountMinor !== sum) return { refused: `its amount ${intent.amountMinor} is not the dues' ${sum}` };
  const recorded = await recordDuesPayment(deps, {
    applicationId: application.id,
    dueIds: input.dueIds,
    amountMinor: sum,
    provider: input.provider,
    method: input.method,
    transactionId: intent.id,
    actor: input.actor,
    revives: premiums.standing.state === 'lapsed',
  });
  return recorded ?? { refused: 'a due was paid meanwhile by another payment' };
}

/** The dues an intent was made for, from its metadata: the policy's dues of those sequence numbers. */
export function dueIdsOfIntent(intent: ProviderIntent): string[] {
  const range = /^(\d+)-(\d+)$/.exec(intent.metadata.dueSeqs ?? '');
  const applicationId = intent.metadata.applicationId;
  if (!range || !applicationId) return [];
  const [first, last] = [Number(range[1]), Number(range[2])];
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => `${applicationId}:${String(first + i).padStart(3, '0')}`);
}
