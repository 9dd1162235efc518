/**
 * How a claim's payout reaches the claimant (issue 31). The product does not move money for
 * claims today: an admin pays through bKash, Nagad or the bank outside it, then records the
 * payout here with the provider's reference, and the claimant gets a payout receipt. A
 * disbursement API (bKash's or Nagad's disbursement to a wallet, a bank's transfer API) is
 * one more `PayoutProvider` with `movesMoney: true` and a `send`; commands/claims.ts then asks
 * it for the reference instead of the admin.
 */
import type { PayoutMethod } from '../schemas/claim.ts';

export interface PayoutOrder {
  claimId: string;
  claimNumber: string;
  method: PayoutMethod;
  account: string;
  amountPoisha: number;
}

export interface PayoutProvider {
  /** Whether this provider sends the money itself; if not, the admin's reference is recorded. */
  readonly movesMoney: boolean;
  send?(order: PayoutOrder): Promise<{ reference: string }>;
}

/** The one provider today: the admin made the payout outside the product and records it. */
export const recordedByHand: PayoutProvider = { movesMoney: false };
