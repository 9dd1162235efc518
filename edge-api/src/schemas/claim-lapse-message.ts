/**
 * The words of a lapse refusal (claim-lapse.ts, docs/decisions/0113), with no imports: the
 * page's translation of field messages reads them back in every page's first script, and
 * claim-lapse.ts brings zod and the premium rules (decision 0119: they were 25 KB of a visitor's
 * first visit).
 */
/** The refusal, worded like the other claim date rules (schemas/claim.ts); days are yyyy-mm-dd. */
export const lapsedOnEventMessage = (lapsedOn: string, unpaidDueOn: string) =>
  `The policy had lapsed on ${lapsedOn}: the premium due on ${unpaidDueOn} was not paid within the grace period, so the policy was not in force on the day of the event.`;

const lapsedOnEventPattern = /^The policy had lapsed on (\d{4}-\d{2}-\d{2}): the premium due on (\d{4}-\d{2}-\d{2}) was not paid within the grace period, so the policy was not in force on the day of the event\.$/;

/** The days of a lapse refusal's message, to say it in another language; null for any other message. */
export function readLapsedOnEvent(message: string): { lapsedOn: string; unpaidDueOn: string } | null {
  const match = lapsedOnEventPattern.exec(message);
  return match ? { lapsedOn: match[1]!, unpaidDueOn: match[2]! } : null;
}

