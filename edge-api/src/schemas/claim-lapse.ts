/**
 * A claim for an event after the policy lapsed is refused (issue 49, docs/decisions/0113): the
 * policy's state is worked out on the day of the event, from its dues as they stood that day (a
 * due paid on a later day counts as unpaid then: reviving a policy does not cover what happened
 * while it was lapsed). An event inside the grace period is covered, and so is an event before
 * the lapse, even when the policy is lapsed today. Pure: the server refuses with it and the
 * claim form and Sync problems read its message back in the page's language.
 */
import { dhakaDayOf } from './claim.ts';
import { policyStanding, type PremiumDue } from './premium-schedule.ts';
import { lapsedOnEventMessage } from './claim-lapse-message.ts';

// The refusal's words apart from zod and the premium rules: the page's translation of field
// messages (pwa/src/lib/i18n/field-messages.ts) is in every page's first script.
export { lapsedOnEventMessage, readLapsedOnEvent } from './claim-lapse-message.ts';

export interface LapsedOnEvent {
  message: string;
  details: { reason: 'lapsed'; lapsedOn: string; unpaidDueOn: string; graceEndsOn: string };
}

/** The dues as they stood at the end of `day` (Dhaka): a payment made later is not yet there. */
export const duesAsOf = (dues: readonly PremiumDue[], day: string): PremiumDue[] =>
  dues.map((due) => (due.paidAt && dhakaDayOf(due.paidAt) > day ? { ...due, paidAt: null, receiptId: null } : due));

/** Why a claim for an event on `eventDate` is refused because the policy had lapsed by then; null when it was covered. */
export function lapsedOnEvent(
  dues: readonly PremiumDue[],
  eventDate: string,
  termEndsOn: string | null,
  settings: { graceDays: number; revivalDays: number },
): LapsedOnEvent | null {
  const standing = policyStanding(duesAsOf(dues, eventDate), eventDate, termEndsOn, settings);
  if (standing.state !== 'lapsed' || !standing.lapsedOn || !standing.nextDue || !standing.graceEndsOn) return null;
  return {
    message: lapsedOnEventMessage(standing.lapsedOn, standing.nextDue.dueOn),
    details: { reason: 'lapsed', lapsedOn: standing.lapsedOn, unpaidDueOn: standing.nextDue.dueOn, graceEndsOn: standing.graceEndsOn },
  };
}
