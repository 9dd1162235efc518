/**
 * The premium statement of a Bangladeshi fiscal year (issue 49 part 6, docs/premiums-api.md,
 * decision 0116): every premium paid on the policy from 1 July of the year to 30 June of the
 * next, by Dhaka's calendar, with the dues each payment covered and the total, as people file
 * it for the investment allowance on their income tax return.
 */
import { ApiError } from '../http/errors.ts';
import { dhakaDayOf } from '../schemas/claim.ts';
import { fiscalYearLabel, fiscalYearOf } from '../schemas/premium-schedule.ts';
import { receiptsOf, type PolicyPremiums, type PremiumDeps, type PremiumReceiptView } from './view.ts';

export interface StatementPayment {
  receiptNumber: string;
  /** When the customer paid: the agent's collection time for cash in the field, else the confirmation. */
  paidAt: string;
  /** `paidAt` as a Dhaka day: the day that puts the payment in its fiscal year. */
  paidOn: string;
  method: string;
  provider: string;
  amountMinor: number;
  collectedBy: string | null;
  dues: { id: string; dueOn: string; amountMinor: number }[];
}

export interface PremiumStatement {
  applicationId: string;
  policyNumber: string;
  policyName: string;
  policyNameBn: string | null;
  holder: string;
  /** The start year of the fiscal year: 2025 for 2025-26. */
  year: number;
  fiscalYear: string;
  from: string;
  to: string;
  /** The fiscal years the policy has had so far (start years, oldest first): the statements there are. */
  years: number[];
  /** The server's Dhaka day the statement was made on (a running year's statement is as of then). */
  issuedOn: string;
  payments: StatementPayment[];
  totalMinor: number;
}

/** The fiscal years a policy has had: from the one it started in to the current one, or the one its term ended in. */
export function statementYears(premiums: PolicyPremiums): number[] {
  const first = fiscalYearOf(premiums.basis.startedOn);
  const current = fiscalYearOf(premiums.today);
  const last = premiums.basis.termEndsOn ? Math.min(current, fiscalYearOf(premiums.basis.termEndsOn)) : current;
  return Array.from({ length: Math.max(last - first + 1, 1) }, (_, index) => first + index);
}

/**
 * Why a statement of `year` is refused (a year before the policy, not begun yet, or after its
 * term), or null. Refused rather than answered empty: a statement names the policy, and one for
 * a year it did not exist in, or of a year still to come, is no true paper to file (decision 0116).
 */
export function statementYearProblem(year: number, years: readonly number[], premiums: PolicyPremiums): string | null {
  const first = years[0]!;
  const last = years.at(-1)!;
  if (year < first) return `This policy began on ${premiums.basis.startedOn}: its first fiscal year is ${fiscalYearLabel(first)}`;
  if (year > fiscalYearOf(premiums.today)) return `The fiscal year ${fiscalYearLabel(year)} has not begun yet`;
  if (year > last) return `The policy's term ended on ${premiums.basis.termEndsOn}: its last fiscal year is ${fiscalYearLabel(last)}`;
  return null;
}

const momentPaid = (receipt: PremiumReceiptView) => receipt.collectedAt ?? receipt.paidAt;

export async function premiumStatement(deps: PremiumDeps, premiums: PolicyPremiums, asked: number | undefined): Promise<PremiumStatement> {
  const years = statementYears(premiums);
  // The current fiscal year by default; for a policy whose term has ended, its last one.
  const year = asked ?? years.at(-1)!;
  const problem = statementYearProblem(year, years, premiums);
  if (problem) throw new ApiError(422, 'validation_failed', problem, { fields: { year: problem }, details: { years } });
  const from = `${year}-07-01`;
  const to = `${year + 1}-06-30`;
  const dueById = new Map(premiums.dues.map((due) => [due.id, due]));
  const payments = (await receiptsOf(deps.db, premiums.basis.application.id))
    .map((receipt) => ({ receipt, paidAt: momentPaid(receipt) }))
    .filter(({ paidAt }) => {
      const day = dhakaDayOf(paidAt);
      return day >= from && day <= to;
    })
    .sort((a, b) => Date.parse(a.paidAt) - Date.parse(b.paidAt))
    .map(({ receipt, paidAt }): StatementPayment => ({
      receiptNumber: receipt.receiptNumber,
      paidAt,
      paidOn: dhakaDayOf(paidAt),
      method: receipt.method,
      provider: receipt.provider,
      amountMinor: receipt.amountMinor,
      collectedBy: receipt.collectedBy,
      dues: receipt.dueIds.flatMap((id) => {
        const due = dueById.get(id);
        return due ? [{ id: due.id, dueOn: due.dueOn, amountMinor: due.amountMinor }] : [];
      }),
    }));
  const { basis } = premiums;
  return {
    applicationId: basis.application.id,
    policyNumber: basis.policyNumber,
    policyName: basis.application.policy_name,
    policyNameBn: basis.application.policy_name_bn ?? null,
    holder: basis.application.name,
    year,
    fiscalYear: fiscalYearLabel(year),
    from,
    to,
    years,
    issuedOn: premiums.today,
    payments,
    totalMinor: payments.reduce((total, payment) => total + payment.amountMinor, 0),
  };
}
