/**
 * Cash collected in the field (issue 49): the assigned agent (or an admin) records what the
 * customer handed over, from the phone's outbox, with the phone's Idempotency-Key. However often
 * the outbox retries, and however many retries race, one receipt is recorded: the key names the
 * transaction (`<collector id>:<key>`, unique per provider) and the receipt number. The amount
 * must be the dues' sum; the dues must be the earliest unpaid ones (schemas/premium-schedule.ts).
 */
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { findApplication, isAssignedAgent } from '../db/applications.ts';
import { idempotencyMismatch, type MutationKey } from '../lib/idempotency.ts';
import { duesChoiceProblem, fieldReceiptNumber, type CollectionInput } from '../schemas/premium-schedule.ts';
import type { PremiumReceiptRow } from '../db/premium-rows.ts';
import { receiptOfTransaction, recordDuesPayment } from './record-dues.ts';
import { policyPremiums, toReceiptView, type PremiumDeps, type PremiumReceiptView } from './view.ts';

type Deps = PremiumDeps & Pick<AppDeps, 'batch'>;

export const collectionKeyRequired = () => new ApiError(400, 'bad_request', 'A collection needs an Idempotency-Key header made on the phone.');

/** The same collection as the one recorded with this key: its dues, amount and time. */
function sameCollection(receipt: PremiumReceiptRow, applicationId: string, input: CollectionInput): boolean {
  return (
    receipt.application_id === applicationId &&
    receipt.amount_minor === input.amountMinor &&
    receipt.due_ids === JSON.stringify(input.dueIds) &&
    receipt.collected_at === new Date(input.collectedAt).toISOString()
  );
}

export async function collectPremiums(
  deps: Deps,
  user: SessionUser,
  applicationId: string,
  input: CollectionInput,
  key: MutationKey | undefined,
): Promise<{ receipt: PremiumReceiptView; recordedNow: boolean }> {
  if (!key) throw collectionKeyRequired();
  const transactionId = `${user.id}:${key.mutationId}`;
  const earlier = await receiptOfTransaction(deps.db, 'field', transactionId);
  if (earlier) {
    if (!sameCollection(earlier, applicationId, input)) throw idempotencyMismatch();
    return { receipt: toReceiptView(earlier), recordedNow: false };
  }
  const row = await findApplication(deps.db, applicationId);
  if (!row) throw notFound('Policy');
  if (user.role !== 'admin' && !isAssignedAgent(user, row)) throw forbidden('Only the agent the policy is assigned to, or an admin, may record a collection.');
  const premiums = await policyPremiums(deps, row);
  if (!premiums) throw notFound('Policy in force');
  const problem = duesChoiceProblem(premiums.dues, input.dueIds, premiums.today, premiums.standing);
  if (problem) throw new ApiError(422, 'validation_failed', problem, { fields: { dueIds: problem } });
  const sum = premiums.dues.filter((due) => input.dueIds.includes(due.id)).reduce((total, due) => total + due.amountMinor, 0);
  if (sum !== input.amountMinor) {
    const message = `The amount must be the dues' sum: ${sum} poisha`;
    throw new ApiError(422, 'validation_failed', message, { fields: { amountMinor: message }, details: { expectedMinor: sum } });
  }
  const collectedAt = new Date(input.collectedAt).toISOString();
  const recorded = await recordDuesPayment(
    deps,
    {
      applicationId,
      dueIds: input.dueIds,
      amountMinor: input.amountMinor,
      provider: 'field',
      method: 'cash',
      transactionId,
      actor: { id: user.id, email: user.email },
      revives: premiums.standing.state === 'lapsed',
      receiptNumber: fieldReceiptNumber(key.mutationId, collectedAt),
      collectedBy: user.email,
      collectedAt,
    },
    // A racing retry of the same key loses on the unique transaction and finds the first's receipt.
  ).catch(async (error: unknown) => {
    if (await receiptOfTransaction(deps.db, 'field', transactionId)) return null;
    throw error;
  });
  const receipt = recorded?.receipt ?? (await receiptOfTransaction(deps.db, 'field', transactionId));
  if (!receipt) throw new ApiError(409, 'conflict', 'These dues were paid meanwhile: nothing was collected twice.');
  if (!sameCollection(receipt, applicationId, input)) throw idempotencyMismatch();
  return { receipt: toReceiptView(receipt), recordedNow: recorded?.recordedNow ?? false };
}
